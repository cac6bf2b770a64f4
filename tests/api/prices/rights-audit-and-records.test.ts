import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '../../../src/domain/contracts/distributors';
import type { PriceChangeRecord } from '../../../src/domain/contracts/prices';
import type { SalesReport } from '../../../src/domain/contracts/reports';
import type { SaleTransaction } from '../../../src/domain/contracts/sales';
import type { ModuleKey } from '../../../src/domain/modules';
import { auditEvents } from '../../../src/server/db/schema';
import type { ApiClient } from '../../support/api-client';
import { lagosDate } from '../../support/fixtures';
import { createRole, userWithRole } from '../../support/personas';
import {
  admin,
  fixtures,
  mama,
  priceForSale,
  setPrice,
  setUpPricesApp,
  TODAY,
  testApp,
} from './setup';

setUpPricesApp();

const role = (
  name: string,
  rights: { canRead: boolean; canWrite: boolean },
  modules: ModuleKey[],
) => createRole(admin, name, { ...rights, canDelete: false }, modules);

describe('who may read and set prices', () => {
  let reader: ApiClient;
  let seller: ApiClient;
  let baker: ApiClient;

  beforeAll(async () => {
    await fixtures.bread('Agege Bread');
    await setPrice({ recipeName: 'Agege Bread', pricePerLoaf: 500 });
    reader = await userWithRole(
      testApp,
      admin,
      'reader',
      await role('Sales readers', { canRead: true, canWrite: false }, ['sales']),
    );
    seller = await userWithRole(
      testApp,
      admin,
      'seller',
      await role('Sales writers', { canRead: false, canWrite: true }, ['sales']),
    );
    baker = await userWithRole(
      testApp,
      admin,
      'baker',
      await role('Bakers', { canRead: true, canWrite: true }, ['production']),
    );
  });

  it('lets Sales read see the list and the history, but not set a price (403)', async () => {
    expect((await reader.get('/api/bread-prices')).status).toBe(200);
    expect((await reader.get('/api/bread-prices/history')).status).toBe(200);
    const set = await setPrice({ recipeName: 'Agege Bread', pricePerLoaf: 9 }, () => reader);
    expect(set.status).toBe(403);
  });

  it('lets Sales write set a price and ask the sale price, not read the list', async () => {
    expect(
      (await setPrice({ recipeName: 'Agege Bread', pricePerLoaf: 510 }, () => seller)).status,
    ).toBe(201);
    const forSale = await seller.get(
      `/api/bread-prices/for-sale?distributorId=${mama.id}&recipeName=Agege%20Bread`,
    );
    expect(forSale).toMatchObject({ status: 200, body: { pricePerLoaf: 510, source: 'default' } });
    expect((await seller.get('/api/bread-prices')).status).toBe(403);
  });

  it('refuses every price call without a Sales right (403)', async () => {
    expect((await baker.get('/api/bread-prices')).status).toBe(403);
    expect((await baker.get('/api/bread-prices/history')).status).toBe(403);
    expect(
      (
        await baker.get(
          `/api/bread-prices/for-sale?distributorId=${mama.id}&recipeName=Agege%20Bread`,
        )
      ).status,
    ).toBe(403);
    expect(
      (await setPrice({ recipeName: 'Agege Bread', pricePerLoaf: 1 }, () => baker)).status,
    ).toBe(403);
  });
});

describe('the audit trail', () => {
  it('records each price change, and each refused one, as sales.price on the price row', async () => {
    const set = await setPrice({
      recipeName: 'Agege Bread',
      distributorId: mama.id,
      pricePerLoaf: 470,
    });
    const [event] = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.recordId, set.body.id));
    expect(event).toMatchObject({ action: 'sales.price', recordType: 'bread_price', status: 201 });
    await setPrice({ recipeName: 'Agege Bread', pricePerLoaf: -5 });
    const refused = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.status, 400));
    expect(refused.map((row) => row.action)).toContain('sales.price');
  });
});

describe('a sale keeps the price it was made at', () => {
  it('shows the same figures in the statement and the sales report after the price changes', async () => {
    await fixtures.bake('Agege Bread', 20);
    const prefilled = await priceForSale(mama, 'Agege Bread');
    expect(prefilled).toEqual({ pricePerLoaf: 470, source: 'own' });
    const sale = await admin.post<SaleTransaction>('/api/sales-transactions', {
      distributorId: mama.id,
      recipeName: 'Agege Bread',
      loavesTaken: 10,
      pricePerLoaf: prefilled.pricePerLoaf,
    });
    expect(sale.status).toBe(201);
    const today = lagosDate(new Date());
    const range = `startDate=${today}&endDate=${today}`;
    const statement = async () =>
      (await admin.get<Statement>(`/api/distributors/${mama.id}/statement?${range}`)).body;
    const report = async () =>
      (await admin.get<SalesReport>(`/api/reports/sales?${range}`)).body.byDistributor.find(
        (row) => row.distributorId === mama.id,
      );
    const before = { statement: await statement(), report: await report() };
    expect(before.statement.lines.find((line) => line.id === sale.body.id)?.charge).toBe(4700);
    expect(before.report?.totalSales).toBe(4700);

    const changed = await setPrice({
      recipeName: 'Agege Bread',
      distributorId: mama.id,
      pricePerLoaf: 650,
      effectiveFrom: TODAY,
    });
    expect(changed.body).toMatchObject<Partial<PriceChangeRecord>>({ pricePerLoaf: 650 });
    expect((await priceForSale(mama, 'Agege Bread')).pricePerLoaf).toBe(650);
    expect(await statement()).toEqual(before.statement);
    expect(await report()).toEqual(before.report);
  });
});
