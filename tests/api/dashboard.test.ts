import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardSummary, lowStockAlertSchema } from '../../src/domain/contracts/dashboard';
import { productionBatches } from '../../src/server/db/schema';
import { dashboardSummary } from '../../src/server/modules/dashboard/service';
import type { ApiClient } from '../support/api-client';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
let admin: ApiClient;

const item = (name: string, currentStock: number, minStock: number, unitCost: number) =>
  admin.post('/api/inventory', {
    name,
    category: 'ingredients',
    unit: 'kg',
    currentStock,
    minStock,
    unitCost,
  });

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  await item('Flour', 40, 20, 1150.5); // 46,020.00
  await item('Sugar', 4, 10, 900.25); // 3,601.00, low
  await item('Yeast', 0, 2, 3500); // 0, low (out)
  await item('Salt', 0.1, 0, 0.1); // 0.01, no minimum: never low
  await item('Improver', 2, 2, 0.3333); // 0.6666 -> 0.67 in the sum, low
});
afterAll(() => testApp.close());

describe('dashboard summary', () => {
  it('values the inventory exactly and counts low stock by the spec rule', async () => {
    const summary = (await admin.get<DashboardSummary>('/api/dashboard/summary')).body;
    // 46,020.00 + 3,601.00 + 0 + 0.01 + 0.6666 = 49,621.6766 -> 49,621.68
    expect(summary.inventory?.totalValue).toBe(49_621.68);
    expect(summary.inventory?.lowStockCount).toBe(3);
    expect(summary.inventory?.lowStockItems.map((i) => i.name)).toEqual([
      'Yeast',
      'Sugar',
      'Improver',
    ]);
  });

  it('shows each low-stock item with the fields its contract declares, none of the row’s others', async () => {
    const summary = (await admin.get<DashboardSummary>('/api/dashboard/summary')).body;
    const declared = Object.keys(lowStockAlertSchema.shape).sort();
    for (const alert of summary.inventory?.lowStockItems ?? []) {
      expect(Object.keys(alert).sort()).toEqual(declared);
    }
    expect(JSON.stringify(summary)).not.toContain('archivedAt');
  });

  it('counts orders awaiting delivery and lists the two to chase first', async () => {
    const items = (await admin.get<{ id: string }[]>('/api/inventory')).body;
    const line = [{ itemId: items[0]?.id, quantity: 1, totalCost: 500 }];
    await admin.post('/api/purchase-orders', { supplier: 'Late', items: line });
    await admin.post('/api/purchase-orders', {
      supplier: 'Soon',
      items: line,
      expectedDelivery: '2099-12-01',
    });
    await admin.post('/api/purchase-orders', {
      supplier: 'Shipped',
      items: line,
      status: 'shipped',
    });
    await admin.post('/api/purchase-orders', {
      supplier: 'Done',
      items: line,
      status: 'delivered',
    });
    const summary = (await admin.get<DashboardSummary>('/api/dashboard/summary')).body;
    expect(summary.purchaseOrders?.pendingCount).toBe(3);
    expect(summary.purchaseOrders?.pendingOrders.map((o) => o.supplier)).toEqual(['Soon', 'Late']);
  });

  it("sums today's flour in the Lagos day, leaving out cancelled batches", async () => {
    const db = testApp.database.db;
    const batch = (batchNumber: string, flourKg: number, status: string, createdAt: string) =>
      db.insert(productionBatches).values({
        batchNumber,
        recipeName: 'Agege Bread',
        flourKg,
        status,
        createdAt: new Date(createdAt),
      });
    // 23:30 Lagos on the 21st is 22:30 UTC; 00:30 Lagos on the 22nd is 23:30 UTC on the 21st.
    await batch('B-1', 50, 'planned', '2026-11-21T22:30:00Z');
    await batch('B-2', 25.5, 'completed', '2026-11-21T09:00:00Z');
    await batch('B-3', 100, 'cancelled', '2026-11-21T10:00:00Z');
    await batch('B-4', 40, 'planned', '2026-11-21T23:30:00Z');
    await batch('B-5', 10, 'in_progress', '2026-11-20T22:59:59Z');

    const adminUser = { isAdmin: true, permissions: [] };
    const lateOn21st = await dashboardSummary(
      db,
      adminUser,
      'Africa/Lagos',
      new Date('2026-11-21T22:45:00Z'),
    );
    expect(lateOn21st.production?.todaysFlourKg).toBe(75.5);
    const earlyOn22nd = await dashboardSummary(
      db,
      adminUser,
      'Africa/Lagos',
      new Date('2026-11-21T23:45:00Z'),
    );
    expect(earlyOn22nd.production?.todaysFlourKg).toBe(40);
    expect(earlyOn22nd.production?.recentBatches.map((b) => b.batchNumber)).toEqual([
      'B-4',
      'B-1',
      'B-3',
    ]);
  });

  it('holds only the parts of the modules the user can read', async () => {
    const storeman = await userWithRole(
      testApp,
      admin,
      'storeman',
      await createRole(admin, 'Store', { canRead: true, canWrite: false, canDelete: false }, [
        'inventory',
      ]),
    );
    const summary = (await storeman.get<DashboardSummary>('/api/dashboard/summary')).body;
    expect(summary.inventory).not.toBeNull();
    expect(summary.production).toBeNull();
    expect(summary.purchaseOrders).toBeNull();

    const nobody = await userWithRole(testApp, admin, 'nobody', null);
    expect((await nobody.get('/api/dashboard/summary')).body).toEqual({
      inventory: null,
      production: null,
      purchaseOrders: null,
      sales: null,
      moneyOwed: null,
    });
  });
});

describe("each role's own dashboard", () => {
  const summaryOf = async (client: ApiClient) =>
    (await client.get<DashboardSummary>('/api/dashboard/summary')).body;

  beforeAll(async () => {
    const yeast = (await admin.get<{ id: string; name: string }[]>('/api/inventory')).body.find(
      (i) => i.name === 'Yeast',
    );
    // Not Agege Bread: the test above wrote raw completed batches of it, with no completion time.
    const recipe = await admin.post<{ id: string }>('/api/recipes', {
      name: 'Coconut Bread',
      ingredients: [{ itemId: yeast?.id, quantity: 10, unit: 'g' }],
    });
    const batch = await admin.post<{ id: string }>('/api/production-batches', {
      recipeId: recipe.body.id,
      flourKg: 1,
      batchNumber: 'D-1',
    });
    await admin.patch(`/api/production-batches/${batch.body.id}`, {
      status: 'completed',
      loavesProduced: 100,
    });
    const distributor = (name: string) =>
      admin.post<{ id: string }>('/api/distributors', {
        name,
        address: '12 Allen Avenue, Ikeja',
        phone: '0803 000 0000',
      });
    const owes = await distributor('Mama Tunde Stores');
    const inCredit = await distributor('Iya Basira');
    const sale = (to: string, loavesTaken: number, amountPaid: number) =>
      admin.post('/api/sales-transactions', {
        distributorId: to,
        recipeName: 'Coconut Bread',
        loavesTaken,
        pricePerLoaf: 700.5,
        amountPaid,
      });
    // 30 × 700.50 = 21,015.00, 1,000.25 paid: owes 20,014.75.
    expect((await sale(owes.body.id, 30, 1000.25)).status).toBe(201);
    // 10 × 700.50 = 7,005.00, 10,000 paid: 2,995.00 in credit, which offsets no one's debt.
    expect((await sale(inCredit.body.id, 10, 10_000)).status).toBe(201);
  });

  it("gives the sales team today's sales, the loaves per bread and money owed, nothing else", async () => {
    const salesTeam = await createRole(
      admin,
      'Counter',
      { canRead: true, canWrite: true, canDelete: false },
      ['sales', 'distributors'],
    );
    const clerk = await userWithRole(testApp, admin, 'clerk', salesTeam);
    expect(await summaryOf(clerk)).toEqual({
      inventory: null,
      production: null,
      purchaseOrders: null,
      sales: {
        todaysSaleCount: 2,
        todaysLoavesSold: 40,
        todaysSalesValue: 28_020,
        loavesAvailable: [{ recipeName: 'Coconut Bread', loaves: 60 }],
        wasteThisMonth: { loaves: 0, cost: 0, percentOfProduction: 0 },
      },
      // Sold today, due today: owed, but nothing overdue yet.
      moneyOwed: {
        total: 20_014.75,
        distributorCount: 1,
        totalOverdue: 0,
        distributorsOverdue: 0,
        mostOverdue: [],
      },
    });
  });

  it("gives production staff today's batches and flour, nothing of sales or money", async () => {
    const bakers = await createRole(
      admin,
      'Ovens',
      { canRead: true, canWrite: true, canDelete: false },
      ['production', 'recipes'],
    );
    const baker = await userWithRole(testApp, admin, 'baker', bakers);
    const summary = await summaryOf(baker);
    expect(summary.production?.recentBatches.map((b) => b.batchNumber)).toContain('D-1');
    expect(summary.production?.todaysBatchCount).toBeGreaterThanOrEqual(1);
    expect({ ...summary, production: null }).toEqual({
      inventory: null,
      production: null,
      purchaseOrders: null,
      sales: null,
      moneyOwed: null,
    });
  });

  it('shows money owed only with the distributors read right, sales only with the sales one', async () => {
    const salesOnly = await createRole(
      admin,
      'Till only',
      { canRead: true, canWrite: true, canDelete: false },
      ['sales'],
    );
    const till = await summaryOf(await userWithRole(testApp, admin, 'till', salesOnly));
    expect(till.sales).not.toBeNull();
    expect(till.moneyOwed).toBeNull();
  });

  it("shows a low-stock item's open orders only to those who may read purchase orders", async () => {
    const items = (await admin.get<{ id: string; name: string }[]>('/api/inventory')).body;
    const sugar = items.find((i) => i.name === 'Sugar');
    const order = await admin.post<{ orderNumber: string }>('/api/purchase-orders', {
      supplier: 'Dangote',
      items: [{ itemId: sugar?.id, quantity: 25, totalCost: 22_500 }],
    });
    const alertOf = (summary: DashboardSummary) =>
      summary.inventory?.lowStockItems.find((i) => i.name === 'Sugar');
    expect(alertOf(await summaryOf(admin))?.openOrders).toEqual([
      expect.objectContaining({
        orderNumber: order.body.orderNumber,
        quantity: 25,
        status: 'pending',
      }),
    ]);
    const store = await createRole(
      admin,
      'Store only',
      { canRead: true, canWrite: false, canDelete: false },
      ['inventory'],
    );
    const storeman = await userWithRole(testApp, admin, 'store2', store);
    expect(alertOf(await summaryOf(storeman))?.openOrders).toEqual([]);
  });
});
