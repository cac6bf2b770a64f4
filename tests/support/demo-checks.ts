/** Checks of the demo bakery's records against each other (tests/api/seed-demo.test.ts). */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { AGEING_BUCKETS } from '../../src/domain/ageing';
import { addDays } from '../../src/domain/bakery-months';
import { staleFrom } from '../../src/domain/bread-stock';
import type { AgeingReport } from '../../src/domain/contracts/credit';
import type { DashboardSummary } from '../../src/domain/contracts/dashboard';
import type { DistributorWithAccount } from '../../src/domain/contracts/distributors';
import type { Receipt } from '../../src/domain/contracts/receipts';
import type { ReminderRecord } from '../../src/domain/contracts/reminders';
import { isOverLimit } from '../../src/domain/credit';
import { formatNaira, fromKobo, type Kobo, toKobo } from '../../src/domain/money';
import { scaledRequirement } from '../../src/domain/production';
import { sinceSent } from '../../src/domain/reminders';
import type { AppSettings } from '../../src/domain/settings-schemas';
import { businessDateRange } from '../../src/domain/time';
import type { Database } from '../../src/server/db/connection';
import { rowsOf } from '../../src/server/db/raw-results';
import {
  breadReturns,
  inventoryItems,
  pendingTransfers,
  productionBatches,
  purchaseOrders,
  type recipes,
  salesTransactions,
  statementLinks,
  stockMovements,
  users,
} from '../../src/server/db/schema';
import { readSettings } from '../../src/server/modules/admin/settings';
import { RECIPES } from '../../src/server/seed/catalog';
import { CREDIT_CONTROL_DAYS_AGO } from '../../src/server/seed/demo/credit';
import type { ApiClient } from './api-client';

/** Row counts and money totals, summed by the database: what a second seed must reproduce. */
export async function fingerprint(db: Database) {
  const result = await db.execute(sql`select
    (select count(*) from ${inventoryItems})::int as items,
    (select coalesce(sum(${inventoryItems.currentStock} * ${inventoryItems.unitCost}), 0)::text from ${inventoryItems}) as stock_value,
    (select count(*) from ${stockMovements})::int as movements,
    (select count(*) from ${purchaseOrders})::int as orders,
    (select coalesce(sum(${purchaseOrders.totalAmount}), 0)::text from ${purchaseOrders}) as ordered,
    (select count(*) from ${productionBatches})::int as batches,
    (select coalesce(sum(${productionBatches.loavesProduced}), 0)::int from ${productionBatches}) as loaves,
    (select count(*) from ${salesTransactions})::int as sales,
    (select coalesce(sum(${salesTransactions.loavesTaken} * ${salesTransactions.pricePerLoaf}), 0)::text from ${salesTransactions}) as sales_value,
    (select coalesce(sum(${salesTransactions.amountPaid}), 0)::text from ${salesTransactions}) as paid_at_sale,
    (select coalesce(sum(amount), 0)::text from distributor_payments) as payments,
    (select coalesce(sum(${breadReturns.loavesReturned}), 0)::int from ${breadReturns}) as returned,
    (select coalesce(sum(loaves), 0)::int from stale_loaves) as gone_stale,
    (select coalesce(sum(cost), 0)::text from bread_waste) as waste_cost`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
}

export type Batch = typeof productionBatches.$inferSelect;
export type Sale = typeof salesTransactions.$inferSelect;
type Taken = Map<string, { production: number; cancelled: number }>;

/** Every item's stock is what its movements add up to, and never went below zero on the way. */
export async function expectStockEqualToMovements(db: Database) {
  const stock = await db.execute(sql`select i.id, i.current_stock::text as stock,
      coalesce((select sum(m.quantity_change) from ${stockMovements} m where m.item_id = i.id), 0)::text as moved,
      (select min(run) from (select sum(m.quantity_change) over (order by m.created_at, m.id) as run
         from ${stockMovements} m where m.item_id = i.id) r)::text as lowest
    from ${inventoryItems} i`);
  const rows = (stock as unknown as { rows: { stock: string; moved: string; lowest: string }[] })
    .rows;
  expect(rows).toHaveLength(20);
  for (const row of rows) {
    expect(Number(row.stock)).toBe(Number(row.moved));
    expect(Number(row.lowest)).toBeGreaterThanOrEqual(0); // the demo bakery never runs out mid-day
  }
}

/** What each batch took for production and gave back on cancelling, per item. */
export function takenByBatch(
  movements: (typeof stockMovements.$inferSelect)[],
): Map<string, Taken> {
  const byBatch = new Map<string, Taken>();
  for (const m of movements) {
    if (m.referenceType !== 'production_batch' || !m.referenceId) continue;
    expect(['production', 'production_cancelled']).toContain(m.reason);
    const perItem = byBatch.get(m.referenceId) ?? new Map();
    const entry = perItem.get(m.itemId) ?? { production: 0, cancelled: 0 };
    if (m.reason === 'production') entry.production += m.quantityChange;
    else entry.cancelled += m.quantityChange;
    perItem.set(m.itemId, entry);
    byBatch.set(m.referenceId, perItem);
  }
  return byBatch;
}

/** The batch took its recipe scaled by its flour, and gave it all back when cancelled. */
export function expectBatchTookItsRecipe(
  batch: Batch,
  recipe: typeof recipes.$inferSelect,
  taken: Taken | undefined,
  items: Map<string, typeof inventoryItems.$inferSelect>,
) {
  expect(taken?.size).toBe(recipe.ingredients.length);
  for (const line of recipe.ingredients) {
    const item = items.get(line.itemId);
    if (!item) throw new Error('recipe item missing');
    const entry = taken?.get(line.itemId);
    const needed = scaledRequirement(line, recipe.baseFlourKg, batch.flourKg, item.unit);
    expect(entry?.production).toBe(-needed);
    expect(entry?.cancelled).toBe(batch.status === 'cancelled' ? needed : 0);
  }
}

/** Walks the sales in time order beside the completed batches; answers the loaves sold per bread. */
export function expectEverySaleBaked(completed: Batch[], sales: Sale[]): Map<string, number> {
  const made = new Map<string, number>();
  const sold = new Map<string, number>();
  let next = 0;
  for (const sale of sales) {
    for (let batch = completed[next]; batch?.completedAt && batch.completedAt <= sale.createdAt; ) {
      made.set(batch.recipeName, (made.get(batch.recipeName) ?? 0) + (batch.loavesProduced ?? 0));
      batch = completed[++next];
    }
    const total = (sold.get(sale.recipeName) ?? 0) + sale.loavesTaken;
    sold.set(sale.recipeName, total);
    expect(total, `sale ${sale.id}`).toBeLessThanOrEqual(made.get(sale.recipeName) ?? 0);
  }
  return sold;
}

/** A sale draws from the oldest batch with loaves on sale: that batch is not stale yet. */
export function expectNoStaleSale(completed: Batch[], sales: Sale[], timeZone: string) {
  const shelfLife = new Map<string, number>(
    RECIPES.map((recipe) => [recipe.name, recipe.shelfLifeDays]),
  );
  const batchById = new Map(completed.map((batch) => [batch.id, batch]));
  for (const sale of sales) {
    const batch = batchById.get(sale.productionBatchId as string) as Batch;
    const life = shelfLife.get(batch.recipeName) ?? 0;
    const stale = staleFrom(batch.completedAt as Date, life, timeZone);
    expect(stale > sale.createdAt, `sale ${sale.id}`).toBe(true);
  }
}

/** Stock receipts are exactly the lines of delivered orders, each referencing its order. */
export function expectDeliveredOrdersReceived(
  orders: (typeof purchaseOrders.$inferSelect)[],
  movements: (typeof stockMovements.$inferSelect)[],
) {
  const receipts = movements.filter((m) => m.reason === 'receipt');
  for (const receipt of receipts) expect(receipt.referenceType).toBe('purchase_order');
  const received = orders
    .filter((o) => o.status === 'delivered')
    .flatMap((o) => o.items.map((l) => `${o.id}/${l.itemId}/${l.quantity}`))
    .sort();
  expect(receipts.map((m) => `${m.referenceId}/${m.itemId}/${m.quantityChange}`).sort()).toEqual(
    received,
  );
}

/** No distributor returns more of a bread than it had bought by then. */
export function expectEveryReturnBought(
  sales: Sale[],
  returns: (typeof breadReturns.$inferSelect)[],
) {
  const bought = new Map<string, number>();
  const back = new Map<string, number>();
  let s = 0;
  for (const ret of returns) {
    for (let sale = sales[s]; sale && sale.createdAt <= ret.createdAt; sale = sales[++s]) {
      const key = `${sale.distributorId}/${sale.recipeName}`;
      bought.set(key, (bought.get(key) ?? 0) + sale.loavesTaken);
    }
    const key = `${ret.distributorId}/${ret.recipeName}`;
    back.set(key, (back.get(key) ?? 0) + ret.loavesReturned);
    expect(back.get(key), `return ${ret.id}`).toBeLessThanOrEqual(bought.get(key) ?? 0);
  }
}

const ok = async <T>(client: ApiClient, url: string) => {
  const reply = await client.get<T>(url);
  expect(reply.status, `${url}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body;
};

/**
 * Credit control as the demo tells it (issue 19), read through the app:
 * limits and terms, distributors over their limit, money in every overdue
 * bucket that agrees with the cards and the dashboard, reminders on the cards.
 */
export async function expectCreditStory(client: ApiClient, now: Date, timeZone: string) {
  const all = await ok<DistributorWithAccount[]>(client, '/api/distributors?includeArchived=true');
  expect(all.filter((d) => d.creditLimit === null)).toHaveLength(1);
  expect(all.filter((d) => d.creditLimit === 0).length).toBeGreaterThanOrEqual(1); // cash only
  expect(all.filter((d) => d.paymentTermsDays !== null).length).toBeGreaterThanOrEqual(10);
  const over = all.filter((d) => d.creditLimit !== null && d.balance > d.creditLimit);
  expect(over.filter((d) => !d.archived).length).toBeGreaterThanOrEqual(1);

  const ageing = await ok<AgeingReport>(client, '/api/reports/ageing');
  for (const bucket of AGEING_BUCKETS) expect(ageing.totals[bucket], bucket).toBeGreaterThan(0);
  // The report's rows are the cards' balances and buckets, to the kobo.
  const row = (name: string, balance: number, overdue: number) => `${name} ${balance} ${overdue}`;
  expect(ageing.rows.map((r) => row(r.name, r.balance, r.overdue)).sort()).toEqual(
    all
      .filter((d) => d.balance > 0)
      .map((d) => row(d.name, d.balance, d.ageing.overdue))
      .sort(),
  );
  const owed = (await ok<DashboardSummary>(client, '/api/dashboard/summary')).moneyOwed;
  expect(owed?.totalOverdue).toBe(ageing.totals.overdue);
  expect(owed?.mostOverdue).toHaveLength(5);
  expect(owed?.mostOverdue.map((d) => d.name)).toEqual(ageing.rows.slice(0, 5).map((r) => r.name));

  const reminded = all.filter((d) => d.lastReminder !== null);
  expect(reminded.length).toBeGreaterThanOrEqual(4);
  const oshodi = all.find((d) => d.name === 'Oshodi Daily Bread Stores');
  expect(sinceSent(oshodi?.lastReminder?.at ?? '', now, timeZone)).toBe('2 days ago');
  const sent = await ok<ReminderRecord[]>(client, `/api/distributors/${oshodi?.id}/reminders`);
  expect(sent).toHaveLength(3);
  for (const reminder of sent) {
    expect(reminder.message).toContain(oshodi?.name);
    expect(reminder.message).toContain(formatNaira(reminder.balance));
    expect(reminder.sentByName).not.toBeNull();
    expect(reminder.url).toMatch(/^(https:\/\/wa\.me\/234|sms:\+234)/);
  }
}

/** Every payment has its receipt, numbered 1, 2, 3… in the order received, and who took it. */
export async function expectReceipts(client: ApiClient, db: Database) {
  const [numbers] = await rowsOf<Record<string, number>>(
    db,
    sql`select count(*)::int as payments, count(distinct receipt_number)::int as receipts,
      min(receipt_number)::int as first, max(receipt_number)::int as last,
      count(recorded_by)::int as recorded,
      count(*) filter (where receipt_number < previous)::int as out_of_order
    from (select *, lag(receipt_number) over (order by created_at, receipt_number) as previous
      from distributor_payments) p`,
  );
  const payments = numbers?.payments ?? 0;
  expect(numbers).toEqual({
    payments,
    receipts: payments,
    first: 1,
    last: payments,
    recorded: payments,
    out_of_order: 0,
  });
  const [newest] = await ok<{ id: string }[]>(client, '/api/distributor-payments?limit=1');
  const receipt = await ok<Receipt>(client, `/api/distributor-payments/${newest?.id}/receipt`);
  expect(['Ngozi Eze', 'Funmilayo Adeyemi']).toContain(receipt.receivedBy);
}

/**
 * Since credit control began no sale took a balance over its limit unless a
 * manager allowed it with a reason, and before it none needed one: the
 * accounts replayed in time order (at one instant a sale came first).
 */
export async function expectCreditLimitsKept(db: Database, lastDay: string, timeZone: string) {
  const creditDay = addDays(lastDay, -CREDIT_CONTROL_DAYS_AGO);
  const since = businessDateRange(creditDay, timeZone).start;
  const [manager] = await db.select().from(users).where(eq(users.username, 'funmi_manager'));
  const events = await rowsOf<{
    distributor_id: string;
    at: Date | string;
    amount: string;
    credit_limit: string | null;
    sale: boolean;
    reason: string | null;
    by: string | null;
  }>(
    db,
    sql`select e.*, d.credit_limit from (
        select distributor_id, created_at as at, loaves_taken * price_per_loaf - amount_paid as amount,
          true as sale, credit_override_reason as reason, credit_override_by as by
        from sales_transactions
        union all select distributor_id, created_at, -amount, false, null, null from distributor_payments
        union all select distributor_id, created_at, -(loaves_returned * price_per_loaf), false, null, null
        from bread_returns
      ) e join distributors d on d.id = e.distributor_id
      order by e.at, e.sale desc`,
  );
  const balances = new Map<string, Kobo>();
  let overrides = 0;
  for (const event of events) {
    const before = balances.get(event.distributor_id) ?? toKobo(0);
    const after = (before + toKobo(Number(event.amount))) as Kobo;
    balances.set(event.distributor_id, after);
    if (!event.sale) continue;
    const limit = event.credit_limit === null ? null : Number(event.credit_limit);
    const needed =
      new Date(event.at) >= since && isOverLimit(fromKobo(before), fromKobo(after), limit);
    expect(event.reason !== null, `sale at ${event.at}`).toBe(needed);
    if (needed) expect(event.by).toBe(manager?.id);
    if (needed) overrides++;
  }
  expect(overrides).toBe(1);
}

/** What a manager might add after loading the demo: a statement link, and a transfer awaiting confirmation. */
export async function addCreditRecords(client: ApiClient) {
  const [distributor] = await ok<{ id: string }[]>(client, '/api/distributors');
  const link = `/api/distributors/${distributor?.id}/statement-links`;
  expect((await client.post(link, { expiresInDays: 7 })).status).toBe(201);
  const { allowSelfRegistration } = await ok<AppSettings>(client, '/api/admin/settings');
  const settings = { allowSelfRegistration, confirmTransfers: true };
  const on = await client.call('PUT', '/api/admin/settings', settings);
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  const transfer = { distributorId: distributor?.id, amount: 5000, paymentMethod: 'bank_transfer' };
  const paid = await client.post('/api/distributor-payments', transfer);
  expect(paid.body).toMatchObject({ status: 'pending_confirmation' });
}

/** The demo loaded again with --force leaves neither, and asks for no confirmation of transfers. */
export async function expectCreditRecordsGone(db: Database) {
  expect(await db.select().from(pendingTransfers)).toEqual([]);
  expect(await db.select().from(statementLinks)).toEqual([]);
  expect((await readSettings(db)).confirmTransfers).toBe(false);
}
