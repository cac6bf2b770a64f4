import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  breadReturns,
  distributorPayments,
  productionBatches,
  purchaseOrders,
  rollupBreadProductionDays,
  rollupBreadProductionMonths,
  rollupDistributorBreadDays,
  rollupDistributorBreads,
  rollupDistributorPaymentDays,
  rollupOrderDays,
  rollupOrderStatuses,
  salesTransactions,
} from '../../../src/server/db/schema';
import { db, EARLY, emptyRecords, LATE, noDrift, setUpRollupsDatabase, shop } from './setup';

setUpRollupsDatabase();

describe('the roll-ups follow every write', () => {
  it('keeps sales and returns per day, distributor and bread through insert, update, delete and truncate', async () => {
    await emptyRecords();
    const sale = (n: number, at: Date, loavesTaken: number, amountPaid = 0) => ({
      distributorId: shop(n),
      recipeName: 'Agege',
      loavesTaken,
      pricePerLoaf: 500.25,
      amountPaid,
      createdAt: at,
    });
    const sales = await db
      .insert(salesTransactions)
      .values([sale(0, LATE, 10, 1000), sale(0, EARLY, 4), sale(0, EARLY, 6, 0.05)])
      .returning();
    await noDrift();
    const byDay = () =>
      db.select().from(rollupDistributorBreadDays).orderBy(asc(rollupDistributorBreadDays.day));
    expect(await byDay()).toEqual([
      expect.objectContaining({
        day: '2026-01-31',
        salesCount: 1,
        loavesSold: 10,
        salesValue: 5002.5,
        paidAtSale: 1000,
      }),
      expect.objectContaining({
        day: '2026-02-01',
        salesCount: 2,
        loavesSold: 10,
        salesValue: 5002.5,
        paidAtSale: 0.05,
      }),
    ]);

    await db.insert(breadReturns).values({
      distributorId: shop(0),
      recipeName: 'Agege',
      loavesReturned: 3,
      pricePerLoaf: 500.25,
      reason: 'spoiled',
      createdAt: LATE,
    });
    await noDrift();
    // A sale moved to the next day, another re-priced, a return's loaves corrected.
    await db
      .update(salesTransactions)
      .set({ createdAt: EARLY })
      .where(eq(salesTransactions.id, sales[0]?.id ?? ''));
    await db
      .update(salesTransactions)
      .set({ pricePerLoaf: 450 })
      .where(eq(salesTransactions.id, sales[1]?.id ?? ''));
    await db.update(breadReturns).set({ loavesReturned: 2 });
    await noDrift();
    expect((await byDay()).map((row) => [row.day, row.salesCount, row.returnsCount])).toEqual([
      ['2026-01-31', 0, 1],
      ['2026-02-01', 3, 0],
    ]);

    await db.delete(breadReturns);
    await noDrift();
    expect((await byDay()).map((row) => row.day)).toEqual(['2026-02-01']);
    await db.delete(salesTransactions).where(eq(salesTransactions.id, sales[2]?.id ?? ''));
    await noDrift();

    await db.insert(breadReturns).values({
      distributorId: shop(0),
      recipeName: 'Agege',
      loavesReturned: 1,
      pricePerLoaf: 400,
      reason: 'damaged',
      createdAt: EARLY,
    });
    await db.execute(sql`truncate table sales_transactions cascade`);
    await noDrift();
    expect((await byDay()).map((row) => [row.salesCount, row.returnsCount])).toEqual([[0, 1]]);
    await db.execute(sql`truncate table bread_returns cascade`);
    expect(await byDay()).toEqual([]);
    await noDrift();
  });

  it('keeps loaves taken and returned and the highest price per distributor and bread', async () => {
    await emptyRecords();
    const sale = (pricePerLoaf: number, loavesTaken: number) => ({
      distributorId: shop(0),
      recipeName: 'Agege',
      loavesTaken,
      pricePerLoaf,
      createdAt: LATE,
    });
    const [cheap, dear] = await db
      .insert(salesTransactions)
      .values([sale(500, 4), sale(600.5, 6)])
      .returning();
    await db.insert(breadReturns).values({
      distributorId: shop(0),
      recipeName: 'Agege',
      loavesReturned: 3,
      pricePerLoaf: 500,
      reason: 'spoiled',
      createdAt: LATE,
    });
    const totals = () =>
      db
        .select({
          taken: rollupDistributorBreads.loavesTaken,
          highest: rollupDistributorBreads.highestPrice,
          returned: rollupDistributorBreads.loavesReturned,
        })
        .from(rollupDistributorBreads);
    expect(await totals()).toEqual([{ taken: 10, highest: 600.5, returned: 3 }]);
    await noDrift();
    // The dearest sale gone (psql, a restore): the highest price is taken again.
    await db.delete(salesTransactions).where(eq(salesTransactions.id, dear?.id ?? ''));
    expect(await totals()).toEqual([{ taken: 4, highest: 500, returned: 3 }]);
    await db
      .update(salesTransactions)
      .set({ pricePerLoaf: 450 })
      .where(eq(salesTransactions.id, cheap?.id ?? ''));
    expect(await totals()).toEqual([{ taken: 4, highest: 450, returned: 3 }]);
    await noDrift();
    await db.execute(sql`truncate table sales_transactions cascade`);
    expect(await totals()).toEqual([{ taken: 0, highest: null, returned: 3 }]);
    await db.delete(breadReturns);
    expect(await totals()).toEqual([]);
    await noDrift();
  });

  it('keeps payments per day and distributor', async () => {
    await emptyRecords();
    const payment = (n: number, at: Date, amount: number) => ({
      distributorId: shop(n),
      amount,
      createdAt: at,
    });
    await db
      .insert(distributorPayments)
      .values([payment(0, LATE, 100.1), payment(0, EARLY, 0.2), payment(1, EARLY, 50)]);
    await noDrift();
    await db
      .update(distributorPayments)
      .set({ distributorId: shop(2) })
      .where(eq(distributorPayments.amount, 50));
    await db
      .update(distributorPayments)
      .set({ amount: 0.3 })
      .where(eq(distributorPayments.amount, 0.2));
    await noDrift();
    await db.delete(distributorPayments).where(eq(distributorPayments.amount, 100.1));
    await noDrift();
    expect(
      (await db.select().from(rollupDistributorPaymentDays)).map((row) => row.payments).sort(),
    ).toEqual([0.3, 50]);
    await db.execute(sql`truncate table distributor_payments cascade`);
    expect(await db.select().from(rollupDistributorPaymentDays)).toEqual([]);
    await noDrift();
  });

  it('keeps batches per day (never started too) and per month started, bread and status', async () => {
    await emptyRecords();
    const batch = (n: number, startedAt: Date | null, status: string) => ({
      batchNumber: `R-${n}`,
      recipeName: 'Sliced',
      flourKg: 12.345,
      status,
      startedAt,
    });
    await db
      .insert(productionBatches)
      .values([
        batch(1, LATE, 'in_progress'),
        batch(2, null, 'planned'),
        batch(3, null, 'planned'),
      ]);
    await noDrift();
    await db
      .update(productionBatches)
      .set({ status: 'completed', loavesProduced: 120, completedAt: EARLY })
      .where(eq(productionBatches.batchNumber, 'R-1'));
    await db
      .update(productionBatches)
      .set({ status: 'in_progress', startedAt: EARLY })
      .where(eq(productionBatches.batchNumber, 'R-2'));
    await noDrift();
    const rows = await db
      .select()
      .from(rollupBreadProductionDays)
      .orderBy(asc(rollupBreadProductionDays.status));
    expect(rows.map((row) => [row.day, row.status, row.batches, row.flourKg, row.loaves])).toEqual([
      ['2026-01-31', 'completed', 1, 12.345, 120],
      ['2026-02-01', 'in_progress', 1, 12.345, 0],
      [null, 'planned', 1, 12.345, 0],
    ]);
    // By bakery month started: 23:30 on 31 January and 00:30 on 1 February in Lagos.
    const months = await db
      .select()
      .from(rollupBreadProductionMonths)
      .orderBy(asc(rollupBreadProductionMonths.month));
    expect(
      months.map((row) => [row.month, row.status, row.batches, row.flourKg, row.loaves]),
    ).toEqual([
      ['2026-01-01', 'completed', 1, 12.345, 120],
      ['2026-02-01', 'in_progress', 1, 12.345, 0],
    ]);
    await db.delete(productionBatches).where(eq(productionBatches.batchNumber, 'R-3'));
    await noDrift();
    await db.execute(sql`truncate table production_batches cascade`);
    expect(await db.select().from(rollupBreadProductionDays)).toEqual([]);
    expect(await db.select().from(rollupBreadProductionMonths)).toEqual([]);
  });

  it('keeps the expenditure of orders per order day (cancelled ones left out) and orders per status', async () => {
    await emptyRecords();
    const order = (n: number, orderDate: Date, totalAmount: number) => ({
      orderNumber: `PO-R${n}`,
      supplier: 'Dangote',
      items: [],
      totalAmount,
      orderDate,
    });
    await db
      .insert(purchaseOrders)
      .values([order(1, LATE, 1000), order(2, EARLY, 250.5), order(3, EARLY, 99.99)]);
    await noDrift();
    await db
      .update(purchaseOrders)
      .set({ status: 'cancelled' })
      .where(eq(purchaseOrders.orderNumber, 'PO-R3'));
    await db
      .update(purchaseOrders)
      .set({ status: 'delivered', deliveredDate: EARLY })
      .where(eq(purchaseOrders.orderNumber, 'PO-R1'));
    await noDrift();
    expect(
      (await db.select().from(rollupOrderDays).orderBy(asc(rollupOrderDays.day))).map((row) => [
        row.day,
        row.ordersCount,
        row.expenditure,
      ]),
    ).toEqual([
      ['2026-01-31', 1, 1000],
      ['2026-02-01', 1, 250.5],
    ]);
    const byStatus = async () =>
      (await db.select().from(rollupOrderStatuses).orderBy(asc(rollupOrderStatuses.status))).map(
        (row) => [row.status, row.ordersCount],
      );
    expect(await byStatus()).toEqual([
      ['cancelled', 1],
      ['delivered', 1],
      ['pending', 1],
    ]);
    await db
      .update(purchaseOrders)
      .set({ status: 'pending' })
      .where(eq(purchaseOrders.orderNumber, 'PO-R3'));
    await db.delete(purchaseOrders).where(eq(purchaseOrders.orderNumber, 'PO-R1'));
    await noDrift();
    expect(await byStatus()).toEqual([['pending', 2]]);
    await db.execute(sql`truncate table purchase_orders cascade`);
    expect(await db.select().from(rollupOrderDays)).toEqual([]);
    expect(await db.select().from(rollupOrderStatuses)).toEqual([]);
  });
});
