import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountingSummary } from '../../src/domain/contracts/accounting';
import type { BakePlan } from '../../src/domain/contracts/bake-plan';
import type { DashboardSummary } from '../../src/domain/contracts/dashboard';
import type {
  Distributor,
  DistributorWithAccount,
  Statement,
} from '../../src/domain/contracts/distributors';
import type { InventoryItem } from '../../src/domain/contracts/inventory';
import type { OrderBook, OrderPause } from '../../src/domain/contracts/orders';
import type { ProductionHistorySummary } from '../../src/domain/contracts/production-history';
import type { PurchaseOrder } from '../../src/domain/contracts/purchase-orders';
import type {
  FinancialReport,
  InventoryReport,
  ProductionReport,
  ReturnsReport,
  SalesReport,
} from '../../src/domain/contracts/reports';
import type { AvailableLoaves } from '../../src/domain/contracts/sales';
import { scaledRequirement } from '../../src/domain/production';
import { businessDate } from '../../src/domain/time';
import { hashPassword } from '../../src/server/auth/password';
import type { Database } from '../../src/server/db/connection';
import {
  breadReturns,
  inventoryItems,
  productionBatches,
  purchaseOrders,
  recipes,
  salesTransactions,
  stockMovements,
  users,
} from '../../src/server/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/server/seed/catalog';
import { DEMO_LETTERHEAD, type SeedDemoSummary, seedDemo } from '../../src/server/seed/demo';
import { SeedRefusedError } from '../../src/server/seed/existing-data';
import { ApiClient, validUser } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

const TZ = 'Africa/Lagos';
const now = new Date();
let testApp: TestApp;
let db: Database;
let demo: ApiClient;
let summary: SeedDemoSummary;

async function signIn(username: string): Promise<ApiClient> {
  const client = new ApiClient(testApp);
  const login = await client.post('/api/auth/login', { username, password: DEMO_PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return client;
}

/** Row counts and money totals, summed by the database: what a second seed must reproduce. */
async function fingerprint() {
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
    (select coalesce(sum(${breadReturns.loavesReturned}), 0)::int from ${breadReturns}) as returned`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
}

beforeAll(async () => {
  testApp = await createTestApp();
  db = testApp.database.db;
});
afterAll(() => testApp?.close());

describe('npm run seed:demo', () => {
  it('refuses a database that has a user other than the demo accounts, naming --force', async () => {
    const someone = new ApiClient(testApp);
    expect((await someone.post('/api/auth/register', validUser('owner'))).status).toBe(201);
    const refusal = seedDemo(db, { now });
    await expect(refusal).rejects.toBeInstanceOf(SeedRefusedError);
    await expect(refusal).rejects.toThrow(/1 user other than the demo accounts[\s\S]*--force/);
    expect(await db.select().from(inventoryItems)).toHaveLength(0);
  });

  it('with --force empties the bakery and loads 90 days of it', async () => {
    summary = await seedDemo(db, { now, force: true });
    expect(await db.select().from(users).where(eq(users.username, 'baker_owner'))).toHaveLength(0);
    expect(summary.lastDay).toBe(businessDate(now, TZ));
    expect(summary).toMatchObject({
      users: DEMO_USERS.length,
      inventoryItems: 20,
      recipes: 4,
      distributors: 14,
      archivedDistributors: 1,
    });
    expect(summary.lowStockItems).toBeGreaterThanOrEqual(3);
    expect(summary.sales).toBeGreaterThan(2500);
    expect(summary.payments).toBeGreaterThan(100);
    expect(summary.returns).toBeGreaterThan(30);
    expect(summary.purchaseOrdersByStatus.delivered).toBeGreaterThan(15);
    expect(summary.purchaseOrdersByStatus.cancelled).toBe(1);
    expect(
      summary.purchaseOrdersByStatus.pending + summary.purchaseOrdersByStatus.shipped,
    ).toBeGreaterThanOrEqual(2);
    expect(summary.batchesByStatus.completed).toBeGreaterThan(300);
    expect(summary.batchesByStatus.cancelled).toBeGreaterThan(0);
    expect(summary.batchesByStatus.in_progress).toBeGreaterThanOrEqual(1);
    expect(summary.batchesByStatus.planned).toBeGreaterThanOrEqual(1);
    for (const amount of [summary.salesValue, summary.cashReceived, summary.expenditure]) {
      expect(Math.round(amount * 100)).toBe(amount * 100);
    }

    demo = await signIn('demo');
    const me = await demo.get<{ isAdmin: boolean }>('/api/auth/user');
    expect(me.body.isAdmin).toBe(true);
    const baker = await signIn('tunde_baker');
    const bakerMe = await baker.get<{ isAdmin: boolean; roles: { name: string }[] }>(
      '/api/auth/user',
    );
    expect(bakerMe.body).toMatchObject({ isAdmin: false, roles: [{ name: 'Production Staff' }] });
  });

  it('fills every screen the demo admin opens', async () => {
    const list = async <T>(url: string) => {
      const reply = await demo.get<T>(url);
      expect(reply.status, `${url}: ${JSON.stringify(reply.body)}`).toBe(200);
      return reply.body;
    };
    expect(await list<InventoryItem[]>('/api/inventory')).toHaveLength(20);
    expect((await list<InventoryItem[]>('/api/inventory/low-stock')).length).toBeGreaterThanOrEqual(
      3,
    );
    const orders = await list<PurchaseOrder[]>('/api/purchase-orders?limit=500');
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['delivered', 'pending', 'shipped', 'cancelled']),
    );
    expect(
      (await list<{ pending: number }>('/api/purchase-orders/summary')).pending,
    ).toBeGreaterThanOrEqual(2);
    expect(await list<unknown[]>('/api/recipes')).toHaveLength(4);
    expect(await list<unknown[]>('/api/production-batches')).toHaveLength(100);
    expect(
      (await list<{ inProgress: number }>('/api/production-batches/summary')).inProgress,
    ).toBeGreaterThanOrEqual(1);
    expect(await list<unknown[]>('/api/production-history')).toHaveLength(100);
    const history = await list<ProductionHistorySummary>('/api/production-history/summary');
    expect(history.completedBatches).toBe(summary.batchesByStatus.completed);
    expect(history.totalKg).toBeGreaterThan(0);
    expect(await list<unknown[]>('/api/sales-transactions')).toHaveLength(100);
    const loaves = await list<AvailableLoaves[]>('/api/available-loaves');
    expect(loaves.length).toBeGreaterThan(0);
    expect(await list<unknown[]>('/api/distributor-payments')).not.toHaveLength(0);
    expect(await list<unknown[]>('/api/bread-returns')).not.toHaveLength(0);

    const active = await list<DistributorWithAccount[]>('/api/distributors');
    expect(active).toHaveLength(13);
    const all = await list<Distributor[]>('/api/distributors?includeArchived=true');
    expect(all).toHaveLength(14);
    for (const distributor of active) expect(distributor.phone).toMatch(/^\+?[0-9 ()-]{7,20}$/);
    const busiest = active[0] as DistributorWithAccount;
    const statement = await list<Statement>(
      `/api/distributors/${busiest.id}/statement?startDate=${summary.firstDay}&endDate=${summary.lastDay}`,
    );
    expect(statement.lines.length).toBeGreaterThan(50);
    expect(statement.closingBalance).toBe(busiest.balance);

    // On the first of a month this month has hardly begun: the month before is just as telling.
    const period = businessDate(now, TZ).endsWith('-01') ? 'last_month' : 'this_month';
    const month = await list<AccountingSummary>(`/api/accounting/summary?period=${period}`);
    expect(month.income.totalIncome).toBeGreaterThan(0);
    expect(month.expenditure.totalExpenditure).toBeGreaterThan(0);
    const year = await list<AccountingSummary>('/api/accounting/summary?period=this_year');
    expect(year.income.totalIncome).toBeGreaterThan(0);

    const returns = await list<ReturnsReport>('/api/reports/returns');
    expect(returns.totalLoaves).toBe(summary.loavesReturned);
    expect(returns.byReason.length).toBeGreaterThan(1);
    const sales = await list<SalesReport>('/api/reports/sales');
    expect(sales.totalSales).toBe(summary.salesValue);
    expect(sales.trend.length).toBeGreaterThanOrEqual(3); // by month over 90 days
    const production = await list<ProductionReport>('/api/reports/production');
    expect(production.batches).toHaveLength(20);
    expect(production.trend.length).toBeGreaterThanOrEqual(3);
    const inventory = await list<InventoryReport>('/api/reports/inventory');
    expect(inventory.lowStock.length).toBe(summary.lowStockItems);
    const financial = await list<FinancialReport>('/api/reports/financial');
    expect(financial.cashReceived).toBe(summary.cashReceived);
    expect(financial.balances.length).toBeGreaterThan(0);

    const dashboard = await list<DashboardSummary>('/api/dashboard/summary');
    expect(dashboard.inventory?.lowStockCount).toBe(summary.lowStockItems);
    expect(dashboard.inventory?.totalValue).toBeGreaterThan(0);
    expect(dashboard.production?.recentBatches).toHaveLength(3);
    expect(dashboard.purchaseOrders?.pendingCount).toBeGreaterThanOrEqual(2);
    expect(dashboard.sales?.loavesAvailable.length).toBeGreaterThan(0);
    expect(dashboard.moneyOwed?.total).toBeGreaterThan(0);
    // Its printed statements carry the demo bakery's letterhead.
    expect(await list('/api/letterhead')).toEqual(DEMO_LETTERHEAD);
  });

  it('has standing orders for the open distributors, a pause next week and a change tomorrow', async () => {
    const book = (await demo.get<OrderBook>('/api/orders/book')).body;
    expect(book.lines).toHaveLength(13);
    expect(book.lines.filter((line) => line.total > 0).length).toBeGreaterThanOrEqual(10);
    const changed = book.lines.flatMap((line) => line.breads.filter((b) => b.change !== null));
    expect(changed).toHaveLength(1);
    expect(changed[0]?.ordered).toBe((changed[0]?.standing ?? 0) + 60);
    const pauses = (await demo.get<OrderPause[]>('/api/orders/pauses')).body;
    expect(pauses).toMatchObject([{ distributorName: 'Iya Bisi Ventures' }]);
    expect((pauses[0]?.fromDay ?? '') > book.day).toBe(true);
  });

  it("plans tomorrow's bake from the book: every bread with a yield, mixes and its needs", async () => {
    const plan = (await demo.get<BakePlan>('/api/bake-plan')).body;
    expect(plan.breads.length).toBeGreaterThan(0);
    expect(plan.breads.every((bread) => bread.loavesPerKg !== null)).toBe(true);
    expect(plan.breads.some((bread) => (bread.mixes?.length ?? 0) > 0)).toBe(true);
    expect(plan.needs.length).toBeGreaterThan(0);
    // The yield set sits beside what the completed batches made, within a few percent.
    for (const bread of plan.breads) {
      const average = bread.averageLoavesPerKg ?? 0;
      expect(Math.abs(average - (bread.loavesPerKg ?? 0))).toBeLessThan(0.2);
    }
  });

  it('keeps every item’s stock equal to its movements, and every batch’s deductions to its recipe', async () => {
    await expectStockEqualToMovements();
    const items = new Map((await db.select().from(inventoryItems)).map((item) => [item.id, item]));
    const recipeById = new Map((await db.select().from(recipes)).map((r) => [r.id, r]));
    const movements = await db.select().from(stockMovements);
    const byBatch = takenByBatch(movements);
    const batches = await db.select().from(productionBatches);
    for (const batch of batches) {
      const recipe = recipeById.get(batch.recipeId as string);
      if (!recipe) throw new Error(`batch ${batch.batchNumber} has no recipe`);
      expectBatchTookItsRecipe(batch, recipe, byBatch.get(batch.id), items);
    }

    // Receipts: exactly the lines of delivered orders, each referencing its order.
    const orders = await db.select().from(purchaseOrders);
    const receipts = movements.filter((m) => m.reason === 'receipt');
    for (const receipt of receipts) expect(receipt.referenceType).toBe('purchase_order');
    const received = orders
      .filter((o) => o.status === 'delivered')
      .flatMap((o) => o.items.map((l) => `${o.id}/${l.itemId}/${l.quantity}`))
      .sort();
    expect(receipts.map((m) => `${m.referenceId}/${m.itemId}/${m.quantityChange}`).sort()).toEqual(
      received,
    );
  });

  it('never sells loaves before they are baked, nor takes back more than was bought', async () => {
    const completed = await db
      .select()
      .from(productionBatches)
      .where(eq(productionBatches.status, 'completed'))
      .orderBy(asc(productionBatches.completedAt));
    const sales = await db
      .select()
      .from(salesTransactions)
      .orderBy(asc(salesTransactions.createdAt));
    const sold = expectEverySaleBaked(completed, sales);

    const available = (await demo.get<AvailableLoaves[]>('/api/available-loaves')).body;
    for (const entry of available) {
      expect(entry.totalAvailable).toBeGreaterThan(0);
      for (const batch of entry.batches) expect(batch.available).toBeGreaterThan(0);
      const produced = completed
        .filter((b) => b.recipeName === entry.recipeName)
        .reduce((sum, b) => sum + (b.loavesProduced ?? 0), 0);
      expect(entry.totalAvailable).toBe(produced - (sold.get(entry.recipeName) ?? 0));
    }

    const returns = await db.select().from(breadReturns).orderBy(asc(breadReturns.createdAt));
    expectEveryReturnBought(sales, returns);
  });

  it('refuses to seed twice without --force, and with it loads the very same bakery', async () => {
    const before = await fingerprint();
    const again = seedDemo(db, { now });
    await expect(again).rejects.toBeInstanceOf(SeedRefusedError);
    await expect(again).rejects.toThrow(/npm run seed:demo -- --force/);

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    expect(await seedDemo(db, { now, force: true, passwordHash })).toEqual(summary);
    expect(await fingerprint()).toEqual(before);
    // The replaced accounts sign in with the same password.
    await signIn('demo');
  });
});

type Batch = typeof productionBatches.$inferSelect;
type Sale = typeof salesTransactions.$inferSelect;
type Taken = Map<string, { production: number; cancelled: number }>;

/** Every item's stock is what its movements add up to, and never went below zero on the way. */
async function expectStockEqualToMovements() {
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
function takenByBatch(movements: (typeof stockMovements.$inferSelect)[]): Map<string, Taken> {
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
function expectBatchTookItsRecipe(
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
function expectEverySaleBaked(completed: Batch[], sales: Sale[]): Map<string, number> {
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

/** No distributor returns more of a bread than it had bought by then. */
function expectEveryReturnBought(sales: Sale[], returns: (typeof breadReturns.$inferSelect)[]) {
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
