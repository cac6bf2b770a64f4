import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/bakery-months';
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
  WasteReport,
} from '../../src/domain/contracts/reports';
import type { AvailableLoaves } from '../../src/domain/contracts/sales';
import type { WasteRecord, WasteShelf } from '../../src/domain/contracts/waste';
import { fromKobo } from '../../src/domain/money';
import { businessDate, businessDateRange } from '../../src/domain/time';
import { hashPassword } from '../../src/server/auth/password';
import type { Database } from '../../src/server/db/connection';
import { rowsOf } from '../../src/server/db/raw-results';
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
import { DEMO_PASSWORD, DEMO_USERS, RECIPES } from '../../src/server/seed/catalog';
import { DEMO_LETTERHEAD, type SeedDemoSummary, seedDemo } from '../../src/server/seed/demo';
import { costWriteOffs } from '../../src/server/seed/demo/loaf-cost';
import { simulate } from '../../src/server/seed/demo/simulate';
import { SeedRefusedError } from '../../src/server/seed/existing-data';
import { ApiClient, validUser } from '../support/api-client';
import { ledgerMismatches } from '../support/bread-ledger';
import {
  addCreditRecords,
  expectBatchTookItsRecipe,
  expectCreditLimitsKept,
  expectCreditRecordsGone,
  expectCreditStory,
  expectDeliveredOrdersReceived,
  expectEveryReturnBought,
  expectEverySaleBaked,
  expectNoStaleSale,
  expectReceipts,
  expectStockEqualToMovements,
  fingerprint,
  takenByBatch,
} from '../support/demo-checks';
import { endsWithRollupsMatchingRecords } from '../support/rollups';
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

  it('with --force empties the bakery and loads four months of it', async () => {
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
    const breads = await list<{ name: string; shelfLifeDays: number | null }[]>('/api/recipes');
    expect(breads).toHaveLength(4);
    // Every bread goes stale: a loaf lasts two to four days.
    for (const bread of breads) expect(bread.shelfLifeDays, bread.name).toBeOneOf([2, 3, 4]);
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

  it('tells a credit story: limits kept since they were set, every overdue bucket, reminders, receipts', async () => {
    await expectCreditStory(demo, now, TZ);
    await expectReceipts(demo, db);
    await expectCreditLimitsKept(db, summary.lastDay, TZ);
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
    await expectStockEqualToMovements(db);
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

    expectDeliveredOrdersReceived(await db.select().from(purchaseOrders), movements);
  });

  it('never sells loaves before they are baked nor once stale, nor takes back more than was bought', async () => {
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
    expectNoStaleSale(completed, sales, TZ);

    // On the racks, on sale or stale: baked less sold less written off from the shelf.
    const writtenOff = new Map(
      (
        await rowsOf<{ recipe_name: string; loaves: number }>(
          db,
          sql`select recipe_name, sum(loaves)::int as loaves from bread_waste
            where source <> 'returned' group by recipe_name`,
        )
      ).map((row) => [row.recipe_name, row.loaves]),
    );
    const available = (await demo.get<AvailableLoaves[]>('/api/available-loaves')).body;
    for (const entry of available) {
      expect(entry.totalAvailable).toBeGreaterThan(0);
      for (const batch of entry.batches) expect(batch.available).toBeGreaterThan(0);
      const produced = completed
        .filter((b) => b.recipeName === entry.recipeName)
        .reduce((sum, b) => sum + (b.loavesProduced ?? 0), 0);
      expect(entry.totalAvailable + entry.staleLoaves).toBe(
        produced - (sold.get(entry.recipeName) ?? 0) - (writtenOff.get(entry.recipeName) ?? 0),
      );
    }

    const returns = await db.select().from(breadReturns).orderBy(asc(breadReturns.createdAt));
    expectEveryReturnBought(sales, returns);
  });

  it('writes off stale, damaged and returned loaves: a plausible share, none waiting long', async () => {
    const lastMonth = `startDate=${addDays(summary.lastDay, -29)}&endDate=${summary.lastDay}`;
    const month = (await demo.get<WasteReport>(`/api/reports/waste?${lastMonth}`)).body;
    expect(month.totalLoaves).toBeGreaterThan(0);
    expect(month.percentOfProduction).toBeGreaterThanOrEqual(1);
    expect(month.percentOfProduction).toBeLessThanOrEqual(8);
    const all = (await demo.get<WasteReport>('/api/reports/waste')).body;
    expect(all.totalLoaves).toBe(summary.loavesWrittenOff);
    expect(all.byReason.map((row) => row.reason)).toEqual(
      expect.arrayContaining(['stale', 'damaged', 'given_away']),
    );
    const sources = await rowsOf<{ source: string }>(
      db,
      sql`select distinct source from bread_waste order by source`,
    );
    expect(sources.map((row) => row.source)).toEqual(['fresh', 'returned', 'stale']);

    expect(await ledgerMismatches(db)).toEqual([]);
    const overdrawn = await rowsOf(
      db,
      sql`select recipe_name from bread_ledger
      where loaves_baked - loaves_sold - loaves_gone_stale - loaves_wasted_fresh < 0
         or loaves_gone_stale - loaves_wasted_stale < 0`,
    );
    expect(overdrawn).toEqual([]);
    const shelf = (await demo.get<WasteShelf>('/api/waste/shelf')).body;
    for (const bread of shelf.breads) {
      expect(bread.onSale, bread.recipeName).toBeGreaterThanOrEqual(0);
      expect(bread.stale, bread.recipeName).toBeGreaterThanOrEqual(0);
    }
    // Stale loaves are written off a day or two after they are set aside, so only lately's wait.
    const since = businessDateRange(addDays(summary.lastDay, -2), TZ).start;
    const [stale] = await rowsOf<{ waiting: number; lately: number }>(
      db,
      sql`select
        (select coalesce(sum(loaves_gone_stale - loaves_wasted_stale), 0) from bread_ledger)::int as waiting,
        (select coalesce(sum(loaves), 0) from stale_loaves where created_at >= ${since.toISOString()})::int as lately`,
    );
    expect(stale?.waiting).toBeLessThanOrEqual(stale?.lately ?? 0);
  });

  it('refuses to seed twice without --force, and with it loads the very same bakery', async () => {
    const before = await fingerprint(db);
    const again = seedDemo(db, { now });
    await expect(again).rejects.toBeInstanceOf(SeedRefusedError);
    await expect(again).rejects.toThrow(/npm run seed:demo -- --force/);

    await addCreditRecords(demo);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    expect(await seedDemo(db, { now, force: true, passwordHash })).toEqual(summary);
    expect(await fingerprint(db)).toEqual(before);
    await expectCreditRecordsGone(db);
    // The replaced accounts sign in with the same password; receipts start again at 1.
    demo = await signIn('demo');
    await expectReceipts(demo, db);
  });

  it("prices write-offs as the app does: the newest batch's cost per loaf, times the loaves", async () => {
    const mispriced = await rowsOf(
      db,
      sql`select w.id from bread_waste w
      where w.cost <> w.loaves * w.cost_per_loaf or w.cost_per_loaf <= 0
         or w.production_batch_id is distinct from (select b.id from production_batches b
           where b.recipe_name = w.recipe_name and b.status = 'completed' and b.loaves_produced > 0
             and b.completed_at <= w.created_at
           order by b.completed_at desc, b.batch_number desc limit 1)`,
    );
    expect(mispriced).toEqual([]);
    // A loaf written off now through the app costs what the seed would have priced it at.
    const plan = simulate(now, TZ);
    const onSale = (await demo.get<AvailableLoaves[]>('/api/available-loaves')).body;
    expect(onSale.length).toBeGreaterThan(0);
    for (const { recipeName } of onSale) {
      const reply = await demo.post<WasteRecord>('/api/waste', {
        source: 'fresh',
        recipeName,
        loaves: 1,
        reason: 'damaged',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const [seeded] = costWriteOffs(plan, [
        {
          id: reply.body.id,
          recipe: RECIPES.findIndex((recipe) => recipe.name === recipeName),
          loaves: 1,
          reason: 'damaged',
          source: 'fresh',
          returnId: null,
          notes: null,
          userId: plan.userIds.demo,
          at: new Date(reply.body.createdAt),
        },
      ]);
      expect(reply.body.costPerLoaf, recipeName).toBe(seeded && fromKobo(seeded.costPerLoaf));
    }
    expect(await ledgerMismatches(db)).toEqual([]);
  });
  endsWithRollupsMatchingRecords(() => db);
});
