import type { ApiClient } from '../api-client';

/** A day far enough ahead that no cut-off has passed: price changes, pauses and day orders are open. */
export const FUTURE_DAY = '2099-06-01';

/** Real records for ids and references: every kind a write route can name. */
export interface Seed {
  adminUsername: string;
  flourId: string;
  yeastId: string;
  itemId: string;
  recipeId: string;
  giantRecipeId: string;
  recipeName: string;
  plannedBatchId: string;
  distributorId: string;
  paymentId: string;
  /** A bank transfer held for confirmation (issue 19): the setting is off again after it. */
  pendingTransferId: string;
  orderId: string;
  pauseId: string;
  userId: string;
  roleId: string;
  /** A statement link of the distributor's (issue 19), for revoking. */
  statementLinkId: string;
}

async function created(reply: Promise<{ status: number; body: Record<string, unknown> }>) {
  const { status, body } = await reply;
  if (status !== 201 && status !== 200) throw new Error(`seed: ${status} ${JSON.stringify(body)}`);
  return body as { id: string } & Record<string, unknown>;
}

/** Which seeded record a read route's `:id` names, by the route's first segment. */
const READ_ID_OF: Record<string, (seed: Seed) => string> = {
  inventory: (s) => s.flourId,
  'production-batches': (s) => s.plannedBatchId,
  distributors: (s) => s.distributorId,
  'distributor-payments': (s) => s.paymentId,
  recipes: (s) => s.recipeId,
  'purchase-orders': (s) => s.orderId,
  admin: (s) => s.userId,
};

/** The seeded id for a route's `:id` (undefined without one); throws for a route it cannot serve. */
export function readIdOf(url: string, seed: Seed): string | undefined {
  if (!url.includes(':id')) return undefined;
  const id = READ_ID_OF[url.split('/')[2] ?? '']?.(seed);
  if (!id) throw new Error(`no seeded id for ${url}: add it to READ_ID_OF`);
  return id;
}

/** Creates a little of everything through the API, as the admin. */
export async function seedBakery(admin: ApiClient): Promise<Seed> {
  const flour = await created(
    admin.post('/api/inventory', {
      name: 'Flour',
      category: 'ingredients',
      unit: 'kg',
      currentStock: 1000,
      minStock: 10,
      unitCost: 500,
    }),
  );
  const yeast = await created(
    admin.post('/api/inventory', {
      name: 'Yeast',
      category: 'ingredients',
      unit: 'g',
      currentStock: 5000,
      unitCost: 2,
    }),
  );
  const item = await created(
    admin.post('/api/inventory', { name: 'Bags', category: 'packaging', unit: 'units' }),
  );
  const recipe = await created(
    admin.post('/api/recipes', {
      name: 'Agege Bread',
      ingredients: [
        { itemId: flour.id, quantity: 1, unit: 'kg' },
        { itemId: yeast.id, quantity: 20, unit: 'g' },
      ],
    }),
  );
  // The largest recipe the schema allows per the smallest base: scaling it is where numbers overflow.
  const giant = await created(
    admin.post('/api/recipes', {
      name: 'Giant Loaf',
      baseFlourKg: 0.001,
      ingredients: [{ itemId: flour.id, quantity: 1_000_000, unit: 'kg' }],
    }),
  );
  const baked = await created(
    admin.post('/api/production-batches', {
      recipeId: recipe.id,
      flourKg: 1,
      status: 'in_progress',
    }),
  );
  await created(
    admin.patch(`/api/production-batches/${baked.id}`, {
      status: 'completed',
      loavesProduced: 1_000_000,
    }),
  );
  const planned = await created(
    admin.post('/api/production-batches', { recipeId: recipe.id, flourKg: 1 }),
  );
  const distributor = await created(
    admin.post('/api/distributors', {
      name: 'Mama Put',
      address: '1 Market Road',
      phone: '0803 123 4567',
    }),
  );
  await created(
    admin.post('/api/sales-transactions', {
      distributorId: distributor.id,
      recipeName: 'Agege Bread',
      loavesTaken: 10,
      pricePerLoaf: 500,
      amountPaid: 1000,
    }),
  );
  const payment = await created(
    admin.post('/api/distributor-payments', { distributorId: distributor.id, amount: 2000 }),
  );
  const held = await heldTransfer(admin, distributor.id);
  await created(
    admin.post('/api/bread-returns', {
      distributorId: distributor.id,
      recipeName: 'Agege Bread',
      loavesReturned: 2,
      pricePerLoaf: 500,
    }),
  );
  const order = await created(
    admin.post('/api/purchase-orders', {
      supplier: 'Honeywell Mills',
      items: [{ itemId: flour.id, quantity: 10, totalCost: 5000 }],
    }),
  );
  const pause = await created(
    admin.post('/api/orders/pauses', {
      distributorId: distributor.id,
      fromDay: FUTURE_DAY,
      toDay: FUTURE_DAY,
    }),
  );
  const role = await created(admin.post('/api/admin/roles', { name: 'Fuzz target role' }));
  const link = await created(
    admin.post(`/api/distributors/${distributor.id}/statement-links`, { expiresInDays: 7 }),
  );
  const user = await created(
    admin.post('/api/admin/users', {
      username: 'fuzz_target_user',
      email: 'target@bakery.ng',
      password: 'secret-123',
      firstName: 'Target',
      lastName: 'User',
      roleId: role.id,
    }),
  );
  return {
    adminUsername: 'baker_admin',
    flourId: flour.id,
    yeastId: yeast.id,
    itemId: item.id,
    recipeId: recipe.id,
    giantRecipeId: giant.id,
    recipeName: 'Agege Bread',
    plannedBatchId: planned.id,
    distributorId: distributor.id,
    paymentId: payment.id,
    pendingTransferId: held.id,
    orderId: order.id,
    pauseId: pause.id,
    userId: user.id,
    roleId: role.id,
    statementLinkId: link.id,
  };
}

/** A transfer recorded while the confirmTransfers setting was on, then the setting off again. */
async function heldTransfer(admin: ApiClient, distributorId: string) {
  const settings = await admin.get('/api/admin/settings');
  const switchTo = (confirmTransfers: boolean) =>
    created(
      admin.call('PUT', '/api/admin/settings', {
        allowSelfRegistration: settings.body.allowSelfRegistration,
        confirmTransfers,
      }),
    );
  await switchTo(true);
  const held = await created(
    admin.post('/api/distributor-payments', {
      distributorId,
      amount: 300,
      paymentMethod: 'bank_transfer',
    }),
  );
  await switchTo(false);
  return held;
}
