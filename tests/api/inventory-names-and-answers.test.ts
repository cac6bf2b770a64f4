import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type InventoryItem,
  inventoryItemRecordSchema,
} from '../../src/domain/contracts/inventory';
import type { ApiClient } from '../support/api-client';
import { firstAdmin } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
});
afterAll(() => testApp.close());

const flour = (extra: Record<string, unknown> = {}) => ({
  name: 'Flour (Golden Penny)',
  category: 'ingredients',
  currentStock: 50,
  unit: 'kg',
  minStock: 20,
  unitCost: 1250.5,
  supplier: 'Golden Penny Mills',
  ...extra,
});

async function create(extra: Record<string, unknown> = {}) {
  const reply = await admin.post<InventoryItem>('/api/inventory', flour(extra));
  if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
  return reply.body;
}

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
