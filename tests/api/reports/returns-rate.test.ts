import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReturnsRateReport } from '../../../src/domain/contracts/reports';
import { addDays } from '../../../src/domain/orders';
import type { ApiClient } from '../../support/api-client';
import { bakeryFixtures, created, lagosDate } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import { createTestApp, type TestApp } from '../../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
const fixtures = bakeryFixtures(() => admin);
const today = lagosDate(new Date());
const yesterday = addDays(today, -1);

const sell = (distributorId: string, recipeName: string, loavesTaken: number) =>
  created(
    admin.post('/api/sales-transactions', {
      distributorId,
      recipeName,
      loavesTaken,
      pricePerLoaf: 500,
    }),
  );
const giveBack = (distributorId: string, recipeName: string, loavesReturned: number) =>
  created(
    admin.post('/api/bread-returns', {
      distributorId,
      recipeName,
      loavesReturned,
      pricePerLoaf: 500,
      reason: 'spoiled',
    }),
  );
const rateOf = async (query: string, as = admin) => {
  const reply = await as.get<ReturnsRateReport>(`/api/reports/returns-rate?${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};
const rows = (report: ReturnsRateReport) =>
  report.rows.map((r) => [
    r.distributorName,
    r.recipeName,
    r.taken,
    r.returned,
    r.ratePercent,
    r.flagged,
  ]);

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  await fixtures.bake('Agege Bread', 1000);
  await fixtures.bake('Wheat Bread', 100);
  const ade = await fixtures.distributor('Ade Stores');
  const bisi = await fixtures.distributor('Bisi Kiosk');
  await sell(ade.id, 'Agege Bread', 200);
  await giveBack(ade.id, 'Agege Bread', 20);
  await sell(ade.id, 'Wheat Bread', 50);
  await sell(bisi.id, 'Agege Bread', 100);
  await giveBack(bisi.id, 'Agege Bread', 11);
  // Yesterday's records: moved back a day, the roll-ups follow by their triggers.
  for (const table of ['sales_transactions', 'bread_returns']) {
    await testApp.database.db.execute(
      sql`update ${sql.identifier(table)} set created_at = created_at - interval '1 day'`,
    );
  }
  await sell(ade.id, 'Agege Bread', 100);
  await giveBack(ade.id, 'Agege Bread', 15);
});
afterAll(() => testApp.close());
endsWithRollupsMatchingRecords(() => testApp.database.db);

describe('Reports: returns rate', () => {
  it('is returned ÷ taken per distributor and bread over whole days, above 10% flagged (10.0% is not)', async () => {
    const report = await rateOf(`startDate=${yesterday}&endDate=${yesterday}`);
    expect(report.thresholdPercent).toBe(10);
    expect(rows(report)).toEqual([
      ['Bisi Kiosk', 'Agege Bread', 100, 11, 11, true],
      ['Ade Stores', 'Agege Bread', 200, 20, 10, false],
      ['Ade Stores', 'Wheat Bread', 50, 0, 0, false],
    ]);
    expect(report).toMatchObject({ totalTaken: 350, totalReturned: 31, ratePercent: 8.9 });
    expect(rows(await rateOf(`startDate=${today}&endDate=${today}`))).toEqual([
      ['Ade Stores', 'Agege Bread', 100, 15, 15, true],
    ]);
  });

  it('adds the days of a longer period exactly', async () => {
    const report = await rateOf(`startDate=${yesterday}&endDate=${today}`);
    expect(rows(report)).toEqual([
      ['Ade Stores', 'Agege Bread', 300, 35, 11.7, true],
      ['Bisi Kiosk', 'Agege Bread', 100, 11, 11, true],
      ['Ade Stores', 'Wheat Bread', 50, 0, 0, false],
    ]);
    expect(report).toMatchObject({ totalTaken: 450, totalReturned: 46, ratePercent: 10.2 });
    expect(rows(await rateOf(''))).toEqual(rows(report));
  });

  it('flags by the threshold setting, and only above it', async () => {
    const save = (returnsRateThreshold: unknown) =>
      admin.call('PUT', '/api/admin/settings', {
        allowSelfRegistration: true,
        returnsRateThreshold,
      });
    expect((await save(11)).status).toBe(200);
    const flags = (await rateOf('')).rows.map((r) => [r.distributorName, r.recipeName, r.flagged]);
    expect(flags).toEqual([
      ['Ade Stores', 'Agege Bread', true],
      ['Bisi Kiosk', 'Agege Bread', false],
      ['Ade Stores', 'Wheat Bread', false],
    ]);
    const refused = await save(-1);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: [
        { path: 'returnsRateThreshold', message: 'Returns-rate threshold cannot be negative' },
      ],
    });
    expect((await save(10)).status).toBe(200);
  });

  it('exports the rows as CSV whose total line adds them up', async () => {
    const reply = await testApp.app.inject({
      method: 'GET',
      url: `/api/reports/returns-rate.csv?startDate=${yesterday}&endDate=${today}`,
      headers: { cookie: admin.sessionCookie as string },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toContain(
      `returns-rate-${yesterday}-to-${today}.csv`,
    );
    const lines = reply.body.trim().split(/\r?\n/);
    expect(lines).toEqual([
      'Distributor,Bread Type,Taken,Returned,Rate (%),Flagged',
      'Ade Stores,Agege Bread,300,35,11.7,Yes',
      'Bisi Kiosk,Agege Bread,100,11,11,Yes',
      'Ade Stores,Wheat Bread,50,0,0,No',
      'Total,,450,46,10.2,',
    ]);
  });

  it('needs Distributors read, as the Returns tab; refuses dates out of order', async () => {
    const salesOnly = await createRole(
      admin,
      'Sales only',
      { canRead: true, canWrite: true, canDelete: false },
      ['sales'],
    );
    const clerk = await userWithRole(testApp, admin, 'clerk', salesOnly);
    expect((await clerk.get('/api/reports/returns-rate')).status).toBe(403);
    const bad = await admin.get(
      `/api/reports/returns-rate?startDate=${today}&endDate=${yesterday}`,
    );
    expect(bad.status).toBe(400);
  });
});
