import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type InventoryItem,
  inventoryItemRecordSchema,
} from '../../src/domain/contracts/inventory';
import type { ApiClient } from '../support/api-client';
import { bakeryFixtures, flour } from '../support/fixtures';
import { firstAdmin } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
});
afterAll(() => testApp.close());

const { addFlour: create } = bakeryFixtures(() => admin);

describe('one name per item in use', () => {
  const taken = (name: string) => ({
    message: `An item named ${name} already exists`,
    code: 'ITEM_NAME_TAKEN',
    errors: [{ path: 'name', message: `An item named ${name} already exists` }],
  });

  it('refuses a second item of the same name, case and spacing aside', async () => {
    await create({ name: 'Baking  Soda' });
    const again = await admin.post('/api/inventory', flour({ name: '  baking soda ' }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual(taken('Baking  Soda'));
    const names = (await admin.get<InventoryItem[]>('/api/inventory')).body.map((i) => i.name);
    expect(names.filter((name) => /baking/i.test(name))).toEqual(['Baking  Soda']);
  });

  it('refuses a rename onto another item’s name, and lets an item keep its own', async () => {
    await create({ name: 'Palm Margarine' });
    const butter = await create({ name: 'Shea Butter' });
    const rename = await admin.patch(`/api/inventory/${butter.id}`, { name: 'PALM  MARGARINE' });
    expect(rename.status).toBe(409);
    expect(rename.body).toEqual(taken('Palm Margarine'));
    const same = await admin.patch(`/api/inventory/${butter.id}`, { name: 'shea butter' });
    expect(same.status).toBe(200);
  });

  it('lets an archived item’s name be used, and refuses to bring it back while taken', async () => {
    const old = await create({ name: 'Cloves' });
    const archived = await admin.delete<{ action: string }>(`/api/inventory/${old.id}`);
    expect(archived.body.action).toBe('archived');
    const fresh = await admin.post('/api/inventory', flour({ name: 'cloves' }));
    expect(fresh.status).toBe(201);
    const back = await admin.post(`/api/inventory/${old.id}/unarchive`);
    expect(back.status).toBe(409);
    expect(back.body).toEqual({
      message: 'Cloves cannot come back while another item is named cloves: rename that item first',
      code: 'ITEM_NAME_TAKEN',
    });
  });
});

describe('answers', () => {
  it('carry only the fields the contract declares: an archived item shows archived, not archivedAt', async () => {
    const item = await create({ name: 'Declared Yeast' });
    await admin.delete(`/api/inventory/${item.id}`);
    const all = await admin.get<InventoryItem[]>('/api/inventory?includeArchived=true');
    const archived = all.body.find((i) => i.id === item.id);
    expect(archived?.archived).toBe(true);
    expect(Object.keys(archived ?? {}).sort()).toEqual(
      Object.keys(inventoryItemRecordSchema.shape).sort(),
    );
  });
});

describe('items counted in units are whole', () => {
  const refused = (path: string, label: string) => {
    const message = `${label} must be a whole number for an item counted in units`;
    return { message, code: 'INVALID_INPUT', errors: [{ path, message }] };
  };

  it('refuses decimal stock or minimum for an item counted in units, and takes them in kg', async () => {
    const eggs = { name: 'Eggs (crate)', unit: 'units', unitCost: 90 };
    const stock = await admin.post('/api/inventory', flour({ ...eggs, currentStock: 2.5 }));
    expect(stock.status).toBe(400);
    expect(stock.body).toEqual(refused('currentStock', 'Current stock'));
    const minimum = await admin.post('/api/inventory', flour({ ...eggs, minStock: 0.5 }));
    expect(minimum.body).toEqual(refused('minStock', 'Minimum stock'));
    expect((await admin.post('/api/inventory', flour({ ...eggs, currentStock: 30 }))).status).toBe(
      201,
    );
    const sugar = await admin.post('/api/inventory', flour({ name: 'Sugar', currentStock: 2.5 }));
    expect(sugar.status).toBe(201);
  });

  it('refuses a decimal adjustment of an item counted in units, leaving its stock', async () => {
    const bags = await create({ name: 'Paper Bags', unit: 'units', currentStock: 12, minStock: 4 });
    const stock = await admin.patch(`/api/inventory/${bags.id}`, { currentStock: 11.5 });
    expect(stock.status).toBe(400);
    expect(stock.body).toEqual(refused('currentStock', 'Current stock'));
    const minimum = await admin.patch(`/api/inventory/${bags.id}`, { minStock: 3.25 });
    expect(minimum.body).toEqual(refused('minStock', 'Minimum stock'));
    const after = await admin.get<InventoryItem[]>('/api/inventory');
    expect(after.body.find((item) => item.id === bags.id)).toMatchObject({
      currentStock: 12,
      minStock: 4,
    });
  });

  it('refuses counting in units an item whose stock is not whole, unless made whole too', async () => {
    const butter = await create({ name: 'Butter Blocks', currentStock: 7.5, minStock: 2 });
    const unit = await admin.patch(`/api/inventory/${butter.id}`, { unit: 'units' });
    expect(unit.status).toBe(400);
    const message =
      'Current stock (7.5) must be a whole number for an item counted in units: correct it with the unit';
    expect(unit.body).toEqual({
      message,
      code: 'INVALID_INPUT',
      errors: [{ path: 'unit', message }],
    });
    const both = await admin.patch(`/api/inventory/${butter.id}`, {
      unit: 'units',
      currentStock: 8,
    });
    expect(both.status).toBe(200);
  });

  it('refuses a purchase order line of part of a unit', async () => {
    const trays = await create({ name: 'Baking Trays', unit: 'units', currentStock: 10 });
    const order = (quantity: number) =>
      admin.post('/api/purchase-orders', {
        supplier: 'Tray Makers',
        items: [{ itemId: trays.id, quantity, totalCost: 5000 }],
      });
    const part = await order(2.5);
    expect(part.status).toBe(400);
    expect(part.body).toEqual(refused('items.0.quantity', 'Quantity'));
    expect((await order(3)).status).toBe(201);
  });
});
