/**
 * A sale, payment or return made on a device offline keeps when it was made
 * (recordedAt): stored as created_at beside the server's received_at, it lands
 * on the bakery day it happened in reports, statements, receipts and the
 * dashboard. A device clock too far ahead, or a write too old, is refused.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/bakery-months';
import type { DashboardSummary } from '../../../src/domain/contracts/dashboard';
import type { Statement } from '../../../src/domain/contracts/distributors';
import type { PendingTransfer } from '../../../src/domain/contracts/pending-transfers';
import type { Receipt } from '../../../src/domain/contracts/receipts';
import type { SalesReport } from '../../../src/domain/contracts/reports';
import {
  RECORDED_AT_AHEAD,
  RECORDED_AT_FORMAT,
  RECORDED_AT_TOO_OLD,
} from '../../../src/domain/recorded-at';
import type { AppSettings } from '../../../src/domain/settings-schemas';
import { businessDate } from '../../../src/domain/time';
import {
  breadReturns,
  distributorPayments,
  pendingTransfers,
  salesTransactions,
} from '../../../src/server/db/schema';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import { admin, clerk, fixtures, sale, send, setUpOfflineApp, testApp } from './setup';

setUpOfflineApp();

const SALES = '/api/sales-transactions';
const PAYMENTS = '/api/distributor-payments';
const RETURNS = '/api/bread-returns';

const today = businessDate(new Date(), 'Africa/Lagos');
const yesterday = addDays(today, -1);
/** 23:50 yesterday in Lagos, as a device in Lagos writes it. */
const LATE_YESTERDAY = `${yesterday}T23:50:00+01:00`;
const LATE_YESTERDAY_UTC = new Date(LATE_YESTERDAY).toISOString();

const db = () => testApp.database.db;
/** The two times a record is stored with. */
async function stored(
  table:
    | typeof salesTransactions
    | typeof distributorPayments
    | typeof breadReturns
    | typeof pendingTransfers,
  id: string,
) {
  const [row] = await db()
    .select({ createdAt: table.createdAt, receivedAt: table.receivedAt })
    .from(table)
    .where(eq(table.id, id));
  if (!row) throw new Error(`no record ${id}`);
  return row;
}
const recordsOf = async (table: typeof salesTransactions | typeof breadReturns, id: string) => {
  const [row] = await db().select({ n: count() }).from(table).where(eq(table.distributorId, id));
  return row?.n;
};
const statement = async (of: { id: string }, from: string, to: string) =>
  (
    await admin.get<Statement>(
      `/api/distributors/${of.id}/statement?startDate=${from}&endDate=${to}`,
    )
  ).body;
const salesReport = async (day: string) =>
  (await admin.get<SalesReport>(`/api/reports/sales?startDate=${day}&endDate=${day}`)).body;
const todaysSales = async () =>
  (await admin.get<DashboardSummary>('/api/dashboard/summary')).body.sales?.todaysSaleCount;

beforeAll(async () => {
  await fixtures.bake('Agege Bread', 100);
});

describe('a sale made at 23:50 yesterday, sent today', () => {
  let shop: { id: string };
  let saleId: string;
  let todaysBefore: number | undefined;

  beforeAll(async () => {
    shop = await fixtures.distributor('Late Night Shop');
    todaysBefore = await todaysSales();
    const reply = await send<{ id: string; createdAt: string }>(
      clerk,
      SALES,
      sale(3, { distributorId: shop.id, recordedAt: LATE_YESTERDAY }),
      randomUUID(),
    );
    expect(reply.status).toBe(201);
    expect(reply.body.createdAt).toBe(LATE_YESTERDAY_UTC);
    saleId = reply.body.id;
  });

  it('is stored at the device’s time, and the server’s time beside it', async () => {
    const row = await stored(salesTransactions, saleId);
    expect(row.createdAt.toISOString()).toBe(LATE_YESTERDAY_UTC);
    expect(row.receivedAt).not.toBeNull();
    expect(row.receivedAt?.getTime()).toBeGreaterThan(row.createdAt.getTime());
  });

  it('counts in yesterday’s sales report, not today’s', async () => {
    const ofShop = (report: SalesReport) =>
      report.byDistributor.find((line) => line.distributorId === shop.id)?.totalSales ?? 0;
    expect(ofShop(await salesReport(yesterday))).toBe(1500);
    expect(ofShop(await salesReport(today))).toBe(0);
  });

  it('is a line of yesterday on the distributor’s statement', async () => {
    const lines = (await statement(shop, yesterday, yesterday)).lines;
    expect(lines).toEqual([
      expect.objectContaining({ kind: 'sale', id: saleId, at: LATE_YESTERDAY_UTC, charge: 1500 }),
    ]);
    expect((await statement(shop, today, today)).openingBalance).toBe(1500);
  });

  it('is not among today’s sales on the dashboard', async () => {
    expect(await todaysSales()).toBe(todaysBefore);
  });
});

describe('a payment and a return made at 23:50 yesterday', () => {
  it('land on yesterday: statement lines, and the receipt’s date', async () => {
    const shop = await fixtures.distributor('Late Payer');
    expect((await send(clerk, SALES, sale(4, { distributorId: shop.id }))).status).toBe(201);
    const payment = await send<{ id: string; createdAt: string }>(clerk, PAYMENTS, {
      distributorId: shop.id,
      amount: 700,
      recordedAt: LATE_YESTERDAY,
    });
    const giveBack = await send<{ id: string; createdAt: string }>(clerk, RETURNS, {
      distributorId: shop.id,
      recipeName: 'Agege Bread',
      loavesReturned: 1,
      pricePerLoaf: 500,
      recordedAt: LATE_YESTERDAY,
    });
    expect([payment.status, giveBack.status]).toEqual([201, 201]);
    expect([payment.body.createdAt, giveBack.body.createdAt]).toEqual([
      LATE_YESTERDAY_UTC,
      LATE_YESTERDAY_UTC,
    ]);
    for (const row of [
      await stored(distributorPayments, payment.body.id),
      await stored(breadReturns, giveBack.body.id),
    ]) {
      expect(row.createdAt.toISOString()).toBe(LATE_YESTERDAY_UTC);
      expect(row.receivedAt).not.toBeNull();
    }
    const lines = (await statement(shop, yesterday, yesterday)).lines;
    expect(lines.map((line) => [line.kind, line.at])).toEqual([
      ['payment', LATE_YESTERDAY_UTC],
      ['return', LATE_YESTERDAY_UTC],
    ]);
    const receipt = await admin.get<Receipt>(`${PAYMENTS}/${payment.body.id}/receipt`);
    expect(receipt.body.date).toBe(yesterday);
  });

  it('without recordedAt, is stored at the server’s time with no received_at', async () => {
    const shop = await fixtures.distributor('Online Payer');
    const payment = await send<{ id: string }>(clerk, PAYMENTS, {
      distributorId: shop.id,
      amount: 100,
    });
    const row = await stored(distributorPayments, payment.body.id);
    expect(row.receivedAt).toBeNull();
    expect(businessDate(row.createdAt, 'Africa/Lagos')).toBe(today);
  });
});

describe('a transfer held for confirmation', () => {
  it('is dated when it was taken on the device, received when it arrived, and so is its payment once confirmed', async () => {
    const settings = (await admin.get<AppSettings>('/api/admin/settings')).body;
    const turn = (on: boolean) =>
      admin.call('PUT', '/api/admin/settings', {
        allowSelfRegistration: settings.allowSelfRegistration,
        confirmTransfers: on,
      });
    expect((await turn(true)).status).toBe(200);
    const shop = await fixtures.distributor('Transfer Shop');
    const held = await send<{ id: string; createdAt: string; status: string }>(clerk, PAYMENTS, {
      distributorId: shop.id,
      amount: 2000,
      paymentMethod: 'bank_transfer',
      recordedAt: LATE_YESTERDAY,
    });
    expect(held.body).toMatchObject({
      status: 'pending_confirmation',
      createdAt: LATE_YESTERDAY_UTC,
    });
    const confirmed = await admin.post<PendingTransfer>(
      `/api/pending-transfers/${held.body.id}/confirm`,
    );
    expect(confirmed.status).toBe(200);
    const paymentId = confirmed.body.paymentId;
    if (!paymentId) throw new Error('no payment');
    const row = await stored(distributorPayments, paymentId);
    expect(row.createdAt.toISOString()).toBe(LATE_YESTERDAY_UTC);
    const transfer = await stored(pendingTransfers, held.body.id);
    expect(transfer.receivedAt).toBeInstanceOf(Date);
    expect(row.receivedAt).toEqual(transfer.receivedAt);
    expect((await turn(false)).status).toBe(200);
  });
});

describe('a recordedAt that cannot be taken', () => {
  const MINUTE = 60 * 1000;
  const cases = [
    ['11 minutes ahead', new Date(Date.now() + 11 * MINUTE).toISOString(), RECORDED_AT_AHEAD],
    ['8 days old', new Date(Date.now() - 8 * 24 * 60 * MINUTE).toISOString(), RECORDED_AT_TOO_OLD],
    ['no offset', `${today}T10:00:00`, RECORDED_AT_FORMAT],
    ['a date only', today, RECORDED_AT_FORMAT],
  ] as const;

  it.each(cases)(
    'is refused when %s (400, on the field), recording nothing',
    async (_, at, message) => {
      const shop = await fixtures.distributor(`Refused ${message.slice(0, 20)} ${at}`);
      const writes = [
        send(clerk, SALES, sale(1, { distributorId: shop.id, recordedAt: at })),
        send(clerk, PAYMENTS, { distributorId: shop.id, amount: 5, recordedAt: at }),
        send(clerk, RETURNS, {
          distributorId: shop.id,
          recipeName: 'Agege Bread',
          loavesReturned: 1,
          pricePerLoaf: 500,
          recordedAt: at,
        }),
      ];
      for (const reply of await Promise.all(writes)) {
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({
          message,
          code: 'INVALID_INPUT',
          errors: [{ path: 'recordedAt', message }],
        });
      }
      expect(await recordsOf(salesTransactions, shop.id)).toBe(0);
      expect(await recordsOf(breadReturns, shop.id)).toBe(0);
    },
  );

  it("takes a device clock up to 5 minutes fast, stored at the server's now, never ahead of it", async () => {
    const shop = await fixtures.distributor('Fast Clock Shop');
    const fast = new Date(Date.now() + 4 * MINUTE).toISOString();
    const reply = await send<{ createdAt: string }>(
      clerk,
      SALES,
      sale(1, { distributorId: shop.id, recordedAt: fast }),
    );
    expect(reply.status).toBe(201);
    const storedAt = new Date(reply.body.createdAt).getTime();
    expect(storedAt).toBeLessThan(new Date(fast).getTime());
    expect(storedAt).toBeLessThanOrEqual(Date.now());
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
