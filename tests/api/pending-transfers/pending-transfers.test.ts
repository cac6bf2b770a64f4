import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/domain/audit';
import type { Statement } from '../../../src/domain/contracts/distributors';
import type {
  PendingTransfer,
  TransferSummary,
} from '../../../src/domain/contracts/pending-transfers';
import type { Receipt } from '../../../src/domain/contracts/receipts';
import type { SalesReport } from '../../../src/domain/contracts/reports';
import type { SettlementSheet } from '../../../src/domain/contracts/settlement';
import { distributorPayments, pendingTransfers } from '../../../src/server/db/schema';
import { created, lagosDate } from '../../support/fixtures';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import {
  account,
  admin,
  clerk,
  confirmTransfers,
  fixtures,
  manager,
  outsider,
  owing,
  type PaymentReply,
  pay,
  reader,
  setUpReceiptsApp,
  testApp,
} from '../receipts/setup';

setUpReceiptsApp();

type TransferReply = PendingTransfer & { code?: string; message?: string; errors?: unknown };
const TODAY = () => lagosDate(new Date());
const confirm = (transfer: { id: string }, as = manager) =>
  as.post<TransferReply>(`/api/pending-transfers/${transfer.id}/confirm`);
const reject = (transfer: { id: string }, body: unknown, as = manager) =>
  as.post<TransferReply>(`/api/pending-transfers/${transfer.id}/reject`, body);
const statementOf = async (of: { id: string }) =>
  (await reader.get<Statement>(`/api/distributors/${of.id}/statement?startDate=2026-01-01`)).body;
const paymentsReceived = async () =>
  (await admin.get<SalesReport>(`/api/reports/sales?startDate=2026-01-01&endDate=${TODAY()}`)).body
    .paymentsReceived;
const listed = async (query = '') =>
  (await reader.get<PendingTransfer[]>(`/api/pending-transfers${query}`)).body;
const paymentRows = (distributorId: string) =>
  testApp.database.db
    .select()
    .from(distributorPayments)
    .where(eq(distributorPayments.distributorId, distributorId));

describe('with the setting off (the default)', () => {
  it('credits a bank transfer at once, as the spec says', async () => {
    const shop = await owing('Off Switch Stores');
    const reply = await pay(shop, 1000, { paymentMethod: 'bank_transfer' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'recorded', receiptNumber: expect.any(Number) });
    expect((await account(shop)).balance).toBe(4000);
    expect(await listed(`?distributorId=${shop.id}`)).toEqual([]);
    expect((await reader.get<TransferSummary>('/api/pending-transfers/summary')).body).toEqual({
      confirmTransfers: false,
      awaiting: [],
    });
  });
});

describe('with the setting on', () => {
  let shop: { id: string };
  let held: PaymentReply;
  let reportBefore: number;

  beforeAll(async () => {
    await confirmTransfers(true);
    shop = await owing('Transfer Traders');
    reportBefore = await paymentsReceived();
  });

  it('credits cash and cheques at once', async () => {
    const cash = await created(pay(shop, 500));
    const cheque = await created(pay(shop, 250.25, { paymentMethod: 'check' }));
    expect([cash.status, cheque.status]).toEqual(['recorded', 'recorded']);
    expect((await account(shop)).balance).toBe(4249.75);
    reportBefore += 750.25;
  });

  it('holds a bank transfer or mobile money: 201, pending, no receipt, counted nowhere', async () => {
    const reply = await pay(shop, 1500.5, {
      paymentMethod: 'bank_transfer',
      description: 'Says he sent it',
    });
    expect(reply.status).toBe(201);
    held = reply.body;
    expect(held).toEqual({
      id: expect.any(String),
      distributorId: shop.id,
      distributorName: 'Transfer Traders',
      amount: 1500.5,
      paymentMethod: 'bank_transfer',
      description: 'Says he sent it',
      createdAt: expect.any(String),
      status: 'pending_confirmation',
      receiptNumber: null,
      receiptLabel: null,
    });
    const other = await created(pay(shop, 99.99, { paymentMethod: 'mobile_money' }));
    expect(other.status).toBe('pending_confirmation');
    expect((await account(shop)).balance).toBe(4249.75);
    const statement = await statementOf(shop);
    expect(statement.closingBalance).toBe(4249.75);
    expect(statement.lines.filter((line) => line.kind === 'payment')).toHaveLength(2);
    expect(await paymentsReceived()).toBe(reportBefore);
    expect((await paymentRows(shop.id)).map((row) => row.amount).sort()).toEqual([250.25, 500]);
    const summary = (await reader.get<TransferSummary>('/api/pending-transfers/summary')).body;
    expect(summary.confirmTransfers).toBe(true);
    expect(summary.awaiting).toContainEqual({
      distributorId: shop.id,
      amount: 1600.49,
      transfers: 2,
    });
  });

  it('lists the pending ones oldest first with who recorded them', async () => {
    const pending = await listed(`?distributorId=${shop.id}`);
    expect(pending.map((t) => [t.amount, t.status, t.recordedByName])).toEqual([
      [1500.5, 'pending', 'Test clerk'],
      [99.99, 'pending', 'Test clerk'],
    ]);
    expect(pending[0]).toMatchObject({
      id: held.id,
      distributorName: 'Transfer Traders',
      createdAt: held.createdAt,
      decidedByName: null,
      decidedAt: null,
      paymentId: null,
      receiptLabel: null,
    });
    expect(await listed(`?distributorId=${shop.id}&limit=1&offset=1`)).toEqual([pending[1]]);
  });

  it('lets only Distributors delete confirm or reject, changing nothing otherwise', async () => {
    for (const as of [clerk, reader, outsider]) {
      expect((await confirm(held, as)).status).toBe(403);
      expect((await reject(held, { reason: 'No' }, as)).status).toBe(403);
    }
    expect((await listed(`?distributorId=${shop.id}`)).map((t) => t.status)).toEqual([
      'pending',
      'pending',
    ]);
    // Seeing them at all needs Distributors read.
    expect((await outsider.get('/api/pending-transfers')).status).toBe(403);
    expect((await outsider.get('/api/pending-transfers/summary')).status).toBe(403);
  });

  it('confirms: a payment dated when recorded, by who recorded it, with the next receipt', async () => {
    const reply = await confirm(held);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: held.id,
      status: 'confirmed',
      decidedByName: 'Test manager',
      paymentId: expect.any(String),
      receiptNumber: expect.any(Number),
      receiptLabel: expect.stringMatching(/^RCT-\d{6}$/),
    });
    const [payment] = (await paymentRows(shop.id)).filter((row) => row.id === reply.body.paymentId);
    const [transfer] = await testApp.database.db
      .select()
      .from(pendingTransfers)
      .where(eq(pendingTransfers.id, held.id));
    expect(payment?.createdAt.toISOString()).toBe(transfer?.createdAt.toISOString());
    expect(payment).toMatchObject({ amount: 1500.5, paymentMethod: 'bank_transfer' });
    expect((await account(shop)).balance).toBe(2749.25);
    expect((await statementOf(shop)).closingBalance).toBe(2749.25);
    expect(await paymentsReceived()).toBe(reportBefore + 1500.5);
    const receipt = await reader.get<Receipt>(
      `/api/distributor-payments/${reply.body.paymentId}/receipt`,
    );
    expect(receipt.body).toMatchObject({
      receivedBy: 'Test clerk',
      amountInWords: 'One thousand, five hundred naira and fifty kobo',
    });
  });

  it('refuses to decide a decided transfer (409), and 404 for none', async () => {
    const again = await confirm(held);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'TRANSFER_ALREADY_DECIDED',
      message: 'This transfer of ₦1,500.50 was confirmed already by Test manager',
    });
    expect((await reject(held, { reason: 'Too late' })).status).toBe(409);
    expect((await confirm({ id: randomUUID() })).status).toBe(404);
    expect((await confirm({ id: 'abc' })).status).toBe(400);
    expect((await paymentRows(shop.id)).filter((row) => row.amount === 1500.5)).toHaveLength(1);
  });

  it.each([
    ['no reason', {}, 'Give the reason for rejecting the transfer'],
    ['only spaces', { reason: '   ' }, 'Give the reason for rejecting the transfer'],
    ['501 characters', { reason: 'x'.repeat(501) }, 'Reason must be less than 500 characters'],
  ])('refuses a rejection with %s: 400 on the reason', async (_, body, message) => {
    const [pending] = await listed(`?distributorId=${shop.id}`);
    const reply = await reject(pending as PendingTransfer, body);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ path: 'reason', message }]);
  });

  it('rejects: the reason kept, nothing counted, and it cannot be confirmed after', async () => {
    const [pending] = await listed(`?distributorId=${shop.id}`);
    const reply = await reject(pending as PendingTransfer, { reason: ' No alert on OPay ' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'No alert on OPay',
      decidedByName: 'Test manager',
      paymentId: null,
    });
    expect((await confirm(pending as PendingTransfer)).status).toBe(409);
    expect((await account(shop)).balance).toBe(2749.25);
    expect(await listed(`?distributorId=${shop.id}`)).toEqual([]);
    expect(
      (await listed(`?distributorId=${shop.id}&status=rejected`)).map((t) => t.rejectionReason),
    ).toEqual(['No alert on OPay']);
    expect((await listed(`?distributorId=${shop.id}&status=confirmed`)).map((t) => t.id)).toEqual([
      held.id,
    ]);
  });

  it('refuses a status that is not one', async () => {
    const reply = await reader.get('/api/pending-transfers?status=waiting');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: 'status must be pending, confirmed or rejected' });
  });

  it('makes one payment of two confirmations at once', async () => {
    const racing = await created(pay(shop, 10, { paymentMethod: 'mobile_money' }));
    const replies = await Promise.all([confirm(racing), confirm(racing)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await paymentRows(shop.id)).filter((row) => row.amount === 10)).toHaveLength(1);
    expect((await account(shop)).balance).toBe(2739.25);
  });

  it('audits confirmations and rejections on the transfer', async () => {
    const events = (await admin.get<AuditEvent[]>(`/api/admin/audit?recordId=${held.id}`)).body;
    // Recording it names the transfer too: its id is the answer's.
    expect(events.map((e) => [e.action, e.status]).sort()).toEqual([
      ['distributors.payment', 201],
      ['distributors.transfer_confirm', 200],
      ['distributors.transfer_confirm', 403],
      ['distributors.transfer_confirm', 403],
      ['distributors.transfer_confirm', 403],
      ['distributors.transfer_confirm', 409],
      ['distributors.transfer_reject', 403],
      ['distributors.transfer_reject', 403],
      ['distributors.transfer_reject', 403],
      ['distributors.transfer_reject', 409],
    ]);
  });

  it('makes a settlement collected by transfer wait: balance after leaves it out', async () => {
    const today = TODAY();
    const stall = await fixtures.distributor('Settling Stall');
    await created(
      admin.post('/api/bread-prices', {
        recipeName: 'Agege Bread',
        pricePerLoaf: 300,
        effectiveFrom: today,
        distributorId: stall.id,
      }),
    );
    await admin.call('PUT', `/api/orders/book/${stall.id}`, {
      day: today,
      breads: [{ recipeName: 'Agege Bread', loaves: 10 }],
    });
    await created(
      admin.post(`/api/dispatch/${stall.id}`, {
        day: today,
        lines: [{ recipeName: 'Agege Bread', loaves: 10 }],
      }),
    );
    const sheet = await created(
      admin.post<SettlementSheet>(`/api/settlements/${stall.id}`, {
        day: today,
        returns: [],
        collected: 1200,
        paymentMethod: 'bank_transfer',
      }),
    );
    expect(sheet.settlement).toMatchObject({
      collected: 1200,
      paymentMethod: 'bank_transfer',
      paymentId: null,
      transferStatus: 'pending',
      balanceAfter: 3000,
    });
    const [transfer] = await listed(`?distributorId=${stall.id}`);
    expect(transfer).toMatchObject({ amount: 1200, description: `Settlement of ${today}` });
    await confirm(transfer as PendingTransfer);
    const after = await admin.get<{ sheets: SettlementSheet[] }>(`/api/settlements?day=${today}`);
    const settled = after.body.sheets.find((s) => s.distributorId === stall.id)?.settlement;
    expect(settled).toMatchObject({
      transferStatus: 'confirmed',
      paymentId: expect.any(String),
      balanceAfter: 3000,
    });
    expect((await account(stall)).balance).toBe(1800);
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
