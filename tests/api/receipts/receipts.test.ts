import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DistributorPayment } from '../../../src/domain/contracts/distributors';
import type { Receipt } from '../../../src/domain/contracts/receipts';
import type { SettlementSheet } from '../../../src/domain/contracts/settlement';
import { distributorPayments } from '../../../src/server/db/schema';
import { created, lagosDate } from '../../support/fixtures';
import {
  admin,
  clerk,
  fixtures,
  outsider,
  owing,
  pay,
  reader,
  setUpReceiptsApp,
  testApp,
} from './setup';

setUpReceiptsApp();

const receiptOf = (payment: { id: string }, as = reader) =>
  as.get<Receipt>(`/api/distributor-payments/${payment.id}/receipt`);

describe('receipt numbers', () => {
  it('gives each payment the next number of one sequence, in the answer and the list', async () => {
    const shop = await owing('Numbered Stores');
    const first = await created(pay(shop, 100));
    const second = await created(pay(shop, 200, { paymentMethod: 'check' }));
    expect(first).toMatchObject({
      status: 'recorded',
      receiptNumber: expect.any(Number),
      receiptLabel: `RCT-${String(first.receiptNumber).padStart(6, '0')}`,
    });
    expect(second.receiptNumber).toBe((first.receiptNumber as number) + 1);
    const listed = await reader.get<DistributorPayment[]>(
      `/api/distributor-payments?distributorId=${shop.id}`,
    );
    expect(listed.body.map((p) => [p.receiptLabel, p.status])).toEqual([
      [second.receiptLabel, 'recorded'],
      [first.receiptLabel, 'recorded'],
    ]);
  });

  it('never gives two of twenty payments made at once the same number', async () => {
    const shop = await owing('Busy Counter');
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, n) => pay(shop, n + 1, { description: `Till ${n}` })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(201));
    const numbers = replies.map((reply) => reply.body.receiptNumber);
    expect(new Set(numbers).size).toBe(20);
    const rows = await testApp.database.db
      .select({ n: distributorPayments.receiptNumber })
      .from(distributorPayments)
      .where(eq(distributorPayments.distributorId, shop.id));
    expect(rows.map((row) => row.n).sort((a, b) => a - b)).toEqual(
      [...numbers].sort((a, b) => (a as number) - (b as number)),
    );
  });
});

describe('the receipt', () => {
  it('has the number, the Lagos day, the distributor, the amount in figures and words, who received it', async () => {
    await admin.call('PUT', '/api/admin/settings', {
      allowSelfRegistration: false,
      bakeryName: 'Golden Crust Bakery',
      bakeryAddress: '4 Bakery Lane, Ikeja',
      bakeryPhone: '0701 234 5678',
    });
    const shop = await owing('Mama Tunde Stores', '0803 123 4567');
    const payment = await created(
      pay(shop, 12_500.5, { paymentMethod: 'bank_transfer', description: 'GTB transfer' }),
    );
    const reply = await receiptOf(payment);
    expect(reply.status).toBe(200);
    const label = payment.receiptLabel as string;
    const message =
      `Receipt ${label} from Golden Crust Bakery: received ₦12,500.50 ` +
      `(Twelve thousand, five hundred naira and fifty kobo) on ${reply.body.message.match(/on (.+) by/)?.[1]} by Bank Transfer. Thank you.`;
    expect(reply.body).toEqual({
      paymentId: payment.id,
      receiptNumber: payment.receiptNumber,
      label,
      date: lagosDate(new Date(payment.createdAt)),
      createdAt: payment.createdAt,
      distributor: {
        id: shop.id,
        name: 'Mama Tunde Stores',
        phone: '0803 123 4567',
        address: '12 Allen Avenue, Ikeja',
      },
      amount: 12_500.5,
      amountInWords: 'Twelve thousand, five hundred naira and fifty kobo',
      paymentMethod: 'bank_transfer',
      description: 'GTB transfer',
      receivedBy: 'Test clerk',
      letterhead: {
        bakeryName: 'Golden Crust Bakery',
        bakeryAddress: '4 Bakery Lane, Ikeja',
        bakeryPhone: '0701 234 5678',
      },
      message,
      share: {
        phone: '+2348031234567',
        whatsappUrl: `https://wa.me/2348031234567?text=${encodeURIComponent(message)}`,
        smsUrl: `sms:+2348031234567?body=${encodeURIComponent(message)}`,
      },
    });
    // The day in the message is the Lagos day of the payment.
    const [year, month, day] = reply.body.date.split('-');
    const months = [
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ];
    expect(reply.body.message).toContain(`${day} ${months[Number(month) - 1]} ${year} by`);
  });

  it('offers no WhatsApp or SMS when the phone cannot be made a +234 number', async () => {
    const shop = await owing('Short Number Kiosk', '123-4567');
    const payment = await created(pay(shop, 1));
    const { body } = await receiptOf(payment);
    expect(body.share).toBeNull();
    expect(body.amountInWords).toBe('One naira');
  });

  it('says "—" for who received a payment recorded before receipts', async () => {
    const shop = await owing('Old Ledger');
    const payment = await created(pay(shop, 0.01));
    await testApp.database.db
      .update(distributorPayments)
      .set({ recordedBy: null })
      .where(eq(distributorPayments.id, payment.id));
    const { body } = await receiptOf(payment);
    expect(body).toMatchObject({ receivedBy: '—', amountInWords: 'One kobo' });
  });

  it('names who settled the day as having received its money', async () => {
    const shop = await fixtures.distributor('Settled Shop');
    const today = lagosDate(new Date());
    await created(
      admin.post('/api/bread-prices', {
        recipeName: 'Agege Bread',
        pricePerLoaf: 400,
        effectiveFrom: today,
      }),
    );
    await admin.call('PUT', `/api/orders/book/${shop.id}`, {
      day: today,
      breads: [{ recipeName: 'Agege Bread', loaves: 5 }],
    });
    await created(
      admin.post(`/api/dispatch/${shop.id}`, {
        day: today,
        lines: [{ recipeName: 'Agege Bread', loaves: 5 }],
      }),
    );
    const settled = await created(
      admin.post<SettlementSheet>(`/api/settlements/${shop.id}`, {
        day: today,
        returns: [],
        collected: 2000,
      }),
    );
    const paymentId = settled.settlement?.paymentId as string;
    expect(settled.settlement).toMatchObject({ transferStatus: null, paymentMethod: 'cash' });
    const { body } = await receiptOf({ id: paymentId });
    expect(body).toMatchObject({
      receivedBy: 'Ada Baker admin',
      amount: 2000,
      description: `Settlement of ${today}`,
    });
  });

  it('answers 404 for no such payment and 400 for an id that is not one', async () => {
    const missing = await receiptOf({ id: randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Payment not found' });
    const bad = await receiptOf({ id: 'RCT-000001' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Not a valid id' });
  });

  it('needs Distributors read', async () => {
    const shop = await owing('Private Accounts');
    const payment = await created(pay(shop, 50));
    const refused = await receiptOf(payment, outsider);
    expect(refused.status).toBe(403);
    expect((await receiptOf(payment, clerk)).status).toBe(200);
  });
});
