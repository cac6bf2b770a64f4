import { sql } from 'drizzle-orm';
import { type Started, startProcess } from '../../scripts/bench/processes';
import { scaledRequirement } from '../../src/domain/production';
import type { Database } from '../../src/server/db/connection';
import { ApiClient, type Reply, validUser } from '../support/api-client';
import type { TestApp } from '../support/test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What the resilience tests need of a caller: the in-process ApiClient or HttpClient. */
export interface Caller {
  call<T = Record<string, unknown>>(method: Method, url: string, body?: unknown): Promise<Reply<T>>;
}

/**
 * A caller of a real server process over HTTP that keeps its session cookie,
 * like a browser. It sends no Origin header, as a script would.
 */
export class HttpClient implements Caller {
  constructor(
    public baseUrl: string,
    public cookie?: string,
  ) {}

  async call<T = Record<string, unknown>>(method: Method, url: string, body?: unknown) {
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      if (pair?.startsWith('bakery.sid=')) {
        this.cookie = pair === 'bakery.sid=' ? undefined : pair;
      }
    }
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as T,
      headers: Object.fromEntries(response.headers),
    };
  }
}

/** Registers (the first account is the admin) and signs in on any caller. */
export async function signIn(caller: Caller, name: string, register = true) {
  const user = validUser(name);
  if (register) {
    const registered = await caller.call('POST', '/api/auth/register', user);
    if (registered.status !== 201) throw new Error(`register: ${JSON.stringify(registered.body)}`);
  }
  const login = await caller.call('POST', '/api/auth/login', {
    username: user.username,
    password: user.password,
  });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
}

export const injectClient = (testApp: TestApp) => new ApiClient(testApp);

/** Fails with the reply when it is not the expected status; returns the body. */
export async function expectStatus<T>(reply: Promise<Reply<T>>, status: number): Promise<T> {
  const answered = await reply;
  if (answered.status !== status) {
    throw new Error(`expected ${status}, got ${answered.status}: ${JSON.stringify(answered.body)}`);
  }
  return answered.body;
}

/** The records every resilience test writes against: stock, a recipe, bread to sell. */
export interface Bakery {
  items: { id: string; name: string }[];
  recipe: { id: string; name: string };
  distributor: { id: string };
}

/** Two ingredients, a recipe of them, a completed batch of `loaves` loaves and a distributor. */
export async function openBakery(caller: Caller, loaves: number, tag = ''): Promise<Bakery> {
  const items: { id: string; name: string }[] = [];
  for (const [name, stock] of [
    [`Yeast${tag}`, 500],
    [`Salt${tag}`, 300],
  ] as const) {
    items.push(
      await expectStatus(
        caller.call<{ id: string; name: string }>('POST', '/api/inventory', {
          name,
          category: 'ingredients',
          unit: 'kg',
          currentStock: stock,
          minStock: 0,
          unitCost: 2500,
        }),
        201,
      ),
    );
  }
  const [yeast, salt] = items;
  if (!yeast || !salt) throw new Error('items were not created');
  const recipe = await expectStatus(
    caller.call<{ id: string; name: string }>('POST', '/api/recipes', {
      name: `Agege Bread${tag}`,
      ingredients: [
        { itemId: yeast.id, quantity: 20, unit: 'g' },
        { itemId: salt.id, quantity: 0.015, unit: 'kg' },
      ],
    }),
    201,
  );
  await bake(caller, recipe.id, loaves);
  const distributor = await expectStatus(
    caller.call<{ id: string }>('POST', '/api/distributors', {
      name: `Mama Tunde Stores${tag}`,
      address: '12 Allen Avenue, Ikeja',
      phone: '0803 000 0000',
    }),
    201,
  );
  return { items, recipe, distributor };
}

/** A batch of the recipe completed with that many loaves. */
export async function bake(caller: Caller, recipeId: string, loaves: number) {
  const batch = await expectStatus(
    caller.call<{ id: string }>('POST', '/api/production-batches', { recipeId, flourKg: 1 }),
    201,
  );
  await expectStatus(
    caller.call('PATCH', `/api/production-batches/${batch.id}`, {
      status: 'completed',
      loavesProduced: loaves,
    }),
    200,
  );
  return batch;
}

/** A pending purchase order of `quantity` kg of each item. */
export async function orderStock(caller: Caller, itemIds: string[], quantity: number, note = '') {
  return expectStatus(
    caller.call<{ id: string }>('POST', '/api/purchase-orders', {
      supplier: 'Golden Penny Mills',
      items: itemIds.map((itemId) => ({ itemId, quantity, totalCost: quantity * 1000 })),
      notes: note || null,
    }),
    201,
  );
}

// ---------------------------------------------------------------- processes

export const serverScript = 'src/server/main.ts';

/** Starts a real server process and waits until it answers. */
export function startServer(env: NodeJS.ProcessEnv): Promise<Started> {
  return startProcess(serverScript, env, '/api/app-info');
}

/** kill -9: the process gets no chance to close anything. */
export function killHard(server: Started): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

// ---------------------------------------------------------------- PostgreSQL

export { scratchPostgres } from '../support/test-app';

// ---------------------------------------------------------------- invariants

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Stock is never changed without its movement, nor a movement without its stock. */
async function stockNotMatchingMovements(db: Database): Promise<string[]> {
  const stock = await rows<{ name: string; current_stock: string; moved: string }>(
    db,
    sql`select i.name, i.current_stock::text, coalesce(sum(m.quantity_change), 0)::text as moved
        from inventory_items i left join stock_movements m on m.item_id = i.id
        group by i.id, i.name, i.current_stock
        having i.current_stock <> coalesce(sum(m.quantity_change), 0)`,
  );
  return stock.map(
    (row) => `${row.name}: stock ${row.current_stock} but movements add up to ${row.moved}`,
  );
}

type RecipeLine = { itemId: string; quantity: number; unit: string };
type StoredBatch = {
  id: string;
  batch_number: string;
  status: string;
  flour_kg: string;
  base_flour_kg: string;
  ingredients: RecipeLine[] | string;
};

/** What each batch took from stock for production, per item. */
async function takenByBatch(db: Database): Promise<Map<string, Map<string, number>>> {
  const taken = await rows<{ reference_id: string; item_id: string; reason: string; q: string }>(
    db,
    sql`select reference_id, item_id, reason, sum(quantity_change)::text as q, count(*)::int as n
        from stock_movements where reference_type = 'production_batch'
        group by reference_id, item_id, reason`,
  );
  const takenBy = new Map<string, Map<string, number>>();
  for (const row of taken) {
    if (row.reason !== 'production') continue;
    const byItem = takenBy.get(row.reference_id) ?? new Map<string, number>();
    byItem.set(row.item_id, Number(row.q));
    takenBy.set(row.reference_id, byItem);
  }
  return takenBy;
}

/** The batch's recipe scaled by its flour, as the (negative) stock change per item. */
function recipeTakes(batch: StoredBatch, units: Map<string, string>): Map<string, number> {
  const ingredients =
    typeof batch.ingredients === 'string' ? JSON.parse(batch.ingredients) : batch.ingredients;
  const expected = new Map<string, number>();
  for (const line of ingredients as RecipeLine[]) {
    const unit = units.get(line.itemId);
    if (!unit) continue;
    const needed = scaledRequirement(
      line,
      Number(batch.base_flour_kg),
      Number(batch.flour_kg),
      unit,
    );
    if (needed !== 0) expected.set(line.itemId, -needed);
  }
  return expected;
}

/** Every batch took exactly its recipe scaled by its flour, once. */
async function batchesNotMatchingRecipe(db: Database): Promise<string[]> {
  const batches = await rows<StoredBatch>(
    db,
    sql`select b.id, b.batch_number, b.status, b.flour_kg::text, r.base_flour_kg::text, r.ingredients
        from production_batches b join recipes r on r.id = b.recipe_id`,
  );
  const units = new Map(
    (await rows<{ id: string; unit: string }>(db, sql`select id, unit from inventory_items`)).map(
      (row) => [row.id, row.unit],
    ),
  );
  const takenBy = await takenByBatch(db);
  const broken: string[] = [];
  for (const batch of batches) {
    const expected = recipeTakes(batch, units);
    const actual = takenBy.get(batch.id) ?? new Map<string, number>();
    const same =
      expected.size === actual.size &&
      [...expected].every(([item, q]) => Math.abs((actual.get(item) ?? Number.NaN) - q) < 1e-9);
    if (!same) {
      broken.push(
        `batch ${batch.batch_number}: took ${JSON.stringify([...actual])}, recipe says ${JSON.stringify([...expected])}`,
      );
    }
  }
  return broken;
}

/** A received order has exactly one receipt per line; any other order none. */
async function ordersWithWrongReceipts(db: Database): Promise<string[]> {
  const orders = await rows<{
    id: string;
    order_number: string;
    status: string;
    items: { itemId: string; quantity: number }[] | string;
  }>(db, sql`select id, order_number, status, items from purchase_orders`);
  const receipts = await rows<{ reference_id: string; item_id: string; q: string }>(
    db,
    sql`select reference_id, item_id, quantity_change::text as q from stock_movements
        where reference_type = 'purchase_order'`,
  );
  const receivedBy = new Map<string, string[]>();
  for (const row of receipts) {
    const list = receivedBy.get(row.reference_id) ?? [];
    list.push(`${row.item_id}:${Number(row.q)}`);
    receivedBy.set(row.reference_id, list);
  }
  const broken: string[] = [];
  for (const order of orders) {
    const lines = typeof order.items === 'string' ? JSON.parse(order.items) : order.items;
    const expected =
      order.status === 'delivered'
        ? (lines as { itemId: string; quantity: number }[])
            .map((line) => `${line.itemId}:${Number(line.quantity)}`)
            .sort()
        : [];
    const actual = (receivedBy.get(order.id) ?? []).sort();
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      broken.push(
        `order ${order.order_number} (${order.status}): receipts ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`,
      );
    }
  }
  return broken;
}

/** No bread is sold that was not baked. */
async function breadSoldNotBaked(db: Database): Promise<string[]> {
  const oversold = await rows<{ recipe_name: string; sold: string; made: string }>(
    db,
    sql`select s.recipe_name, s.sold::text, coalesce(m.made, 0)::text as made
        from (select recipe_name, sum(loaves_taken) as sold from sales_transactions group by recipe_name) s
        left join (select recipe_name, sum(loaves_produced) as made from production_batches
                   where status = 'completed' group by recipe_name) m on m.recipe_name = s.recipe_name
        where s.sold > coalesce(m.made, 0)`,
  );
  return oversold.map((row) => `${row.recipe_name}: ${row.sold} loaves sold of ${row.made} made`);
}

/** Every sale points at a distributor and a batch that exist. */
async function salesPointingAtMissingRecords(db: Database): Promise<string[]> {
  const orphans = await rows<{ id: string }>(
    db,
    sql`select s.id from sales_transactions s
        left join distributors d on d.id = s.distributor_id
        left join production_batches b on b.id = s.production_batch_id
        where d.id is null or (s.production_batch_id is not null and b.id is null)`,
  );
  return orphans.map((row) => `sale ${row.id} points at a missing record`);
}

/**
 * Every rule that a partial write would break, checked in SQL on the stored
 * data. Returns the list of broken rules (empty when the data is whole).
 */
export async function brokenInvariants(db: Database): Promise<string[]> {
  const broken: string[] = [];
  for (const check of [
    stockNotMatchingMovements,
    batchesNotMatchingRecipe,
    ordersWithWrongReceipts,
    breadSoldNotBaked,
    salesPointingAtMissingRecords,
  ]) {
    broken.push(...(await check(db)));
  }
  return broken;
}

/** The ids of `table` that are stored, out of `ids`. */
export async function storedIds(db: Database, table: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: string }>(
    db,
    sql`select id::text from ${sql.identifier(table)} where id::text in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(found.map((row) => row.id));
}

/** A distributor's balance computed from the rows (owed − paid − payments − returns). */
export async function balanceFromRows(db: Database, distributorId: string): Promise<number> {
  const [row] = await rows<{ balance: string }>(
    db,
    sql`select (
          coalesce((select sum(loaves_taken * price_per_loaf) - sum(amount_paid) from sales_transactions where distributor_id = ${distributorId}), 0)
        - coalesce((select sum(amount) from distributor_payments where distributor_id = ${distributorId}), 0)
        - coalesce((select sum(loaves_returned * price_per_loaf) from bread_returns where distributor_id = ${distributorId}), 0)
        )::text as balance`,
  );
  return Number(row?.balance ?? Number.NaN);
}
