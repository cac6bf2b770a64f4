// The bakery the backup tests back up and restore: a bakery's worth of records,
// each made through the API, and its backup.
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type BackupResult, writeBackup } from '../../../src/server/db/backup/dump';
import type { DatabaseHandle } from '../../../src/server/db/connection';
import type { ApiClient } from '../../support/api-client';
import { lagosDate } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { createTestApp, openTestDatabase, type TestApp } from '../../support/test-app';
import { expectOk } from './support';

/**
 * A bakery's worth of records, each through the API: an admin and a user with
 * a role, stock items, a purchase order received, a recipe (and a deleted one),
 * a completed batch, distributors, sales, a payment and a return.
 */
export async function seedBakery(testApp: TestApp) {
  const admin = await firstAdmin(testApp);
  const roleId = await createRole(admin, 'Night Shift', {
    canRead: true,
    canWrite: true,
    canDelete: false,
  });
  await userWithRole(testApp, admin, 'night', roleId);

  const flour = await expectOk(
    admin.post<{ id: string }>('/api/inventory', {
      name: 'Golden Penny Flour',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 100,
      minStock: 50,
      unitCost: 800.5,
      supplier: 'Golden Penny Mills',
    }),
    201,
  );
  const yeast = await expectOk(
    admin.post<{ id: string }>('/api/inventory', {
      name: 'Yeast',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 5.125,
      unitCost: 3333.3333,
    }),
    201,
  );
  await expectOk(
    admin.post('/api/inventory', {
      name: 'Bread bags',
      category: 'packaging',
      unit: 'units',
      currentStock: 1000,
    }),
    201,
  );
  const order = await expectOk(
    admin.post<{ id: string }>('/api/purchase-orders', {
      supplier: 'Golden Penny Mills',
      items: [
        { itemId: flour.id, quantity: 25.5, totalCost: 20400.75 },
        { itemId: yeast.id, quantity: 1, totalCost: 3000 },
      ],
      expectedDelivery: '2099-03-10',
      notes: 'Deliver before 7am — gate 2\n"back door"',
    }),
    201,
  );
  await expectOk(admin.patch(`/api/purchase-orders/${order.id}/receive`));
  await expectOk(
    admin.post('/api/purchase-orders', {
      supplier: 'Bag Co',
      items: [{ itemId: flour.id, quantity: 1, totalCost: 0.01 }],
    }),
    201,
  );
  await expectOk(admin.patch(`/api/inventory/${yeast.id}`, { currentStock: 4.5 }));

  const recipe = await expectOk(
    admin.post<{ id: string }>('/api/recipes', {
      name: 'Agege Bread',
      description: 'Soft, sweet and stretchy ✓',
      ingredients: [
        { itemId: flour.id, quantity: 1, unit: 'kg' },
        { itemId: yeast.id, quantity: 20, unit: 'g' },
      ],
      estimatedDuration: 180,
      // The bake plan's yield comes back from a backup too.
      loavesPerKg: 2.455,
    }),
    201,
  );
  const old = await expectOk(
    admin.post<{ id: string }>('/api/recipes', {
      name: 'Old Recipe',
      ingredients: [{ itemId: flour.id, quantity: 0.5, unit: 'kg' }],
    }),
    201,
  );
  await expectOk(admin.delete(`/api/recipes/${old.id}`));

  const batch = await expectOk(
    admin.post<{ id: string }>('/api/production-batches', {
      recipeId: recipe.id,
      flourKg: 12.5,
      batchNumber: 'B-0001',
    }),
    201,
  );
  await expectOk(admin.patch(`/api/production-batches/${batch.id}`, { status: 'in_progress' }));
  await expectOk(
    admin.patch(`/api/production-batches/${batch.id}`, {
      status: 'completed',
      loavesProduced: 150,
    }),
  );
  const cancelled = await expectOk(
    admin.post<{ id: string }>('/api/production-batches', { recipeId: recipe.id, flourKg: 2 }),
    201,
  );
  await expectOk(admin.patch(`/api/production-batches/${cancelled.id}`, { status: 'cancelled' }));

  const mama = await expectOk(
    admin.post<{ id: string }>('/api/distributors', {
      name: 'Mama Tunde Stores',
      address: '12 Allen Avenue, Ikeja',
      phone: '0803 123 4567',
    }),
    201,
  );
  await expectOk(
    admin.post('/api/distributors', {
      name: "Ada's Kiosk",
      address: 'Yaba',
      phone: '+234 803 000 0001',
    }),
    201,
  );
  await expectOk(
    admin.post('/api/sales-transactions', {
      distributorId: mama.id,
      recipeName: 'Agege Bread',
      loavesTaken: 50,
      pricePerLoaf: 350.5,
      amountPaid: 10000.25,
      notes: 'First delivery\nPaid part cash',
    }),
    201,
  );
  await expectOk(
    admin.post('/api/sales-transactions', {
      distributorId: mama.id,
      recipeName: 'Agege Bread',
      loavesTaken: 3,
      pricePerLoaf: 0.1,
    }),
    201,
  );
  await expectOk(
    admin.post('/api/distributor-payments', {
      distributorId: mama.id,
      amount: 2000.1,
      paymentMethod: 'bank_transfer',
      description: 'Transfer ref 0042',
    }),
    201,
  );
  await expectOk(
    admin.post('/api/bread-returns', {
      distributorId: mama.id,
      recipeName: 'Agege Bread',
      loavesReturned: 2,
      pricePerLoaf: 350.5,
      reason: 'spoiled',
    }),
    201,
  );
  await seedWholesale(admin, mama.id);
  // A JSON null is not SQL NULL: the deleted recipe's jsonb holds one.
  await testApp.database.db.execute(
    sql`update recipes set ingredients = 'null'::jsonb where id = ${old.id}`,
  );
  return { admin, flourId: flour.id, mamaId: mama.id };
}

/**
 * The wholesale day's tables, one row or more each: prices, standing orders,
 * a pause, a day's change, today's dispatch and its settlement.
 */
export const WHOLESALE_TABLES = [
  'bread_prices',
  'standing_orders',
  'order_pauses',
  'order_changes',
  'dispatch_lines',
  'settlements',
  'settlement_returns',
];

// Dated far ahead, so no cut-off has passed and the dates are never in the past.
async function seedWholesale(admin: ApiClient, distributorId: string) {
  const price = (pricePerLoaf: number | null, distributor: string | null) =>
    expectOk(
      admin.post('/api/bread-prices', {
        recipeName: 'Agege Bread',
        distributorId: distributor,
        pricePerLoaf,
        effectiveFrom: '2099-03-01',
      }),
      201,
    );
  await price(400.5, null);
  await price(380.25, distributorId);
  await expectOk(
    admin.call('PUT', `/api/orders/standing/${distributorId}`, {
      breads: [{ recipeName: 'Agege Bread', days: [40, 40, 40, 40, 60, 80, 0] }],
    }),
  );
  await expectOk(
    admin.post('/api/orders/pauses', {
      distributorId,
      fromDay: '2099-04-01',
      toDay: '2099-04-07',
      reason: 'Family wedding — Ibadan',
    }),
    201,
  );
  await expectOk(
    admin.call('PUT', `/api/orders/book/${distributorId}`, {
      day: '2099-03-02',
      breads: [{ recipeName: 'Agege Bread', loaves: 75 }],
    }),
  );
  // Today's dispatch: today closed at yesterday's cut-off, so the admin sets its order.
  const today = lagosDate(new Date());
  await expectOk(
    admin.post('/api/bread-prices', {
      recipeName: 'Agege Bread',
      pricePerLoaf: 450.75,
      effectiveFrom: today,
    }),
    201,
  );
  await expectOk(
    admin.call('PUT', `/api/orders/book/${distributorId}`, {
      day: today,
      breads: [{ recipeName: 'Agege Bread', loaves: 5 }],
    }),
  );
  await expectOk(
    admin.post(`/api/dispatch/${distributorId}`, {
      day: today,
      lines: [{ recipeName: 'Agege Bread', loaves: 4 }],
    }),
    201,
  );
  await expectOk(
    admin.post(`/api/settlements/${distributorId}`, {
      day: today,
      returns: [{ recipeName: 'Agege Bread', loaves: 1, reason: 'damaged' }],
      collected: 1200.25,
      paymentMethod: 'mobile_money',
    }),
    201,
  );
}

/**
 * For the calling test file: a bakery seeded through the API on the database
 * of this test run, backed up to `file`, and fresh databases to restore into
 * (all closed after the file's tests).
 */
export function backedUpBakery(tempDir: (prefix?: string) => string) {
  const bakery = {} as {
    source: TestApp;
    seeded: Awaited<ReturnType<typeof seedBakery>>;
    file: string;
    backup: BackupResult;
  };
  const opened: DatabaseHandle[] = [];
  const freshDatabase = async () => {
    const handle = await openTestDatabase();
    opened.push(handle);
    return handle;
  };

  beforeAll(async () => {
    bakery.source = await createTestApp();
    bakery.seeded = await seedBakery(bakery.source);
    bakery.file = join(tempDir(), 'nested', 'bakery.backup');
    bakery.backup = await writeBackup(bakery.source.database.db, bakery.file);
  });
  afterAll(async () => {
    for (const handle of opened) await handle.close();
    await bakery.source.close();
  });
  return { bakery, freshDatabase };
}
