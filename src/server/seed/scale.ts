/**
 * A five-year (or `scaleOf(years)`) data set of the demo bakery's shape, for the benchmark: the
 * catalogue's items, recipes and areas, then batches, stock movements,
 * purchase orders, sales, payments and returns generated in the database in
 * bulk (INSERT … SELECT over generate_series), never row by row.
 *
 * The totals keep the app's invariants: every item's stock is the sum of its
 * movements, batch deductions follow the recipe scaled by the batch's flour,
 * no bread sells more loaves than were baked of it, and a return never
 * exceeds the sale it comes from. Sales are spread evenly over the years, so
 * availability holds in total rather than at every instant.
 */
import { inArray, sql } from 'drizzle-orm';
import { scaledRequirement } from '../../domain/production';
import { hashPassword } from '../auth/password';
import type { Database, Transaction } from '../db/connection';
import { affectedRows, rowsOf } from '../db/raw-results';
import {
  breadReturns,
  distributorPayments,
  distributors,
  inventoryItems,
  productionBatches,
  purchaseOrders,
  recipes,
  salesTransactions,
  stockMovements,
  users,
} from '../db/schema';
import {
  AREAS,
  DEMO_PASSWORD,
  DEMO_USERS,
  DISTRIBUTOR_NAME_PATTERNS,
  FIRST_NAMES,
  INVENTORY_ITEMS,
  LAST_NAMES,
  PHONE_PREFIXES,
  RECIPES,
  SUPPLIERS,
} from './catalog';
import {
  demoUsernames,
  emptyBusinessTables,
  existingBusinessData,
  FORCE_FLAG,
  SeedRefusedError,
} from './existing-data';

export interface ScaleSize {
  years: number;
  sales: number;
  payments: number;
  returns: number;
  batches: number;
  distributors: number;
  items: number;
}

/** The issue's five-year size for a large producer. */
export const FULL_SCALE: ScaleSize = {
  years: 5,
  sales: 1_000_000,
  payments: 200_000,
  returns: 100_000,
  batches: 50_000,
  distributors: 500,
  items: 300,
};

/**
 * The same bakery (its distributors and items) with `years` of history: the
 * records scale with the years, so five years is FULL_SCALE exactly.
 */
export function scaleOf(years: number): ScaleSize {
  const share = years / FULL_SCALE.years;
  const part = (count: number) => Math.max(1, Math.round(count * share));
  return {
    ...FULL_SCALE,
    years,
    sales: part(FULL_SCALE.sales),
    payments: part(FULL_SCALE.payments),
    returns: part(FULL_SCALE.returns),
    batches: part(FULL_SCALE.batches),
  };
}

export type ScaleCounts = Record<keyof typeof COUNTED, number>;

/** Bakery sundries that fill the store room up to the item count, in several sizes each. */
const SUNDRIES = [
  ['Oven Door Gasket', 'supplies', 'units', 18_000],
  ['Dough Mixer Belt', 'supplies', 'units', 25_000],
  ['Bread Slicer Blade', 'supplies', 'units', 32_000],
  ['Baking Paper Roll', 'packaging', 'units', 6_500],
  ['Hair Nets (pack of 100)', 'supplies', 'units', 3_000],
  ['Kitchen Apron', 'supplies', 'units', 4_000],
  ['Hand Sanitizer', 'supplies', 'liters', 3_500],
  ['Generator Engine Oil', 'utilities', 'liters', 4_200],
  ['Water Treatment Tablets', 'utilities', 'units', 150],
  ['Bin Liners (roll)', 'supplies', 'units', 1_800],
  ['Carton Box', 'packaging', 'units', 450],
  ['Sealing Tape', 'packaging', 'units', 700],
] as const;

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

function catalogueItems(count: number) {
  const items: (typeof inventoryItems.$inferInsert)[] = INVENTORY_ITEMS.map((item) => ({
    name: item.name,
    category: item.category,
    unit: item.unit,
    unitCost: item.unitCost,
    minStock: item.minStock,
    supplier: SUPPLIERS[item.supplier].name,
  }));
  for (let n = 0; items.length < count; n += 1) {
    const [name, category, unit, unitCost] = pick(SUNDRIES, n);
    const size = Math.floor(n / SUNDRIES.length) + 1;
    items.push({
      name: `${name} — size ${size}`,
      category,
      unit,
      unitCost,
      minStock: 2 + (n % 5),
      supplier: pick(Object.values(SUPPLIERS), n).name,
    });
  }
  return items;
}

function catalogueDistributors(count: number) {
  const rows: (typeof distributors.$inferInsert)[] = [];
  for (let n = 0; n < count; n += 1) {
    const first = pick(FIRST_NAMES, n * 7);
    const last = pick(LAST_NAMES, n * 3 + Math.floor(n / FIRST_NAMES.length));
    const area = pick(AREAS, n);
    const street = pick(area.streets, Math.floor(n / AREAS.length));
    const digits = String(1_000_000 + ((n * 7_919) % 9_000_000)).padStart(7, '0');
    rows.push({
      name: `${pick(DISTRIBUTOR_NAME_PATTERNS, n).replace('{name}', `${first} ${last}`)} ${area.area}`,
      address: `${(n % 120) + 1} ${street}, ${area.area}, ${area.city}`,
      phone: `${pick(PHONE_PREFIXES, n)} ${digits.slice(0, 3)} ${digits.slice(3)}`,
    });
  }
  return rows;
}

const averageLoaves = (recipe: (typeof RECIPES)[number]) =>
  (recipe.batchFlourKg.reduce((sum, kg) => sum + kg, 0) / recipe.batchFlourKg.length) *
  recipe.loavesPerKgFlour;

/** Each recipe's weight in the draw of batches and sales, in whole parts. */
const recipeParts = () => RECIPES.map((recipe) => Math.max(1, Math.round(recipe.share * 100)));

async function insertCatalogue(tx: Transaction, size: ScaleSize, start: Date) {
  const items = await tx
    .insert(inventoryItems)
    .values(catalogueItems(size.items).map((item) => ({ ...item, createdAt: start })))
    .returning({ id: inventoryItems.id, name: inventoryItems.name, unit: inventoryItems.unit });
  const itemByName = new Map(items.map((item) => [item.name, item]));
  const itemOf = (key: string) => {
    const entry = INVENTORY_ITEMS.find((item) => item.key === key);
    const item = entry && itemByName.get(entry.name);
    if (!item) throw new Error(`catalogue item ${key} is missing`);
    return item;
  };
  const recipeRows = await tx
    .insert(recipes)
    .values(
      RECIPES.map((recipe) => ({
        name: recipe.name,
        description: recipe.description,
        baseFlourKg: recipe.baseFlourKg,
        ingredients: recipe.ingredients.map((line) => ({
          itemId: itemOf(line.item).id,
          quantity: line.quantity,
          unit: line.unit,
        })),
        instructions: recipe.instructions,
        estimatedDuration: recipe.estimatedDuration,
        createdAt: start,
        updatedAt: start,
      })),
    )
    .returning({ id: recipes.id, name: recipes.name });
  // What one kilogram of flour takes of each item, in the item's unit: the
  // same scaling the app applies to a batch (exact in SQL for any flour weight).
  const lines = RECIPES.flatMap((recipe, index) =>
    recipe.ingredients.map((line) => {
      const item = itemOf(line.item);
      return {
        recipe_id: recipeRows[index]?.id,
        item_id: item.id,
        per_kg:
          scaledRequirement({ ...line, itemId: item.id }, recipe.baseFlourKg, 1_000, item.unit) /
          1_000,
      };
    }),
  );
  const breads = RECIPES.map((recipe, index) => ({
    recipe_id: recipeRows[index]?.id,
    name: recipe.name,
    parts: recipeParts()[index],
    loaves_per_kg: recipe.loavesPerKgFlour,
    price: recipe.pricePerLoaf,
    minutes: recipe.estimatedDuration,
    sizes: recipe.batchFlourKg,
    // A sale takes 1 to max loaves, about what this bread's batches make on
    // average; sellAllButTheLastBake then makes the totals exact.
    sale_loaves_max: Math.max(
      1,
      Math.round((2 * averageLoaves(recipe) * size.batches) / size.sales) - 1,
    ),
  }));
  await tx.execute(sql`
    create temporary table seed_lines on commit drop as
    select * from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
      as t(recipe_id uuid, item_id uuid, per_kg numeric)`);
  await tx.execute(sql`
    create temporary table seed_breads on commit drop as
    select b.*, row_number() over () as n
    from jsonb_to_recordset(${JSON.stringify(breads)}::jsonb)
      as b(recipe_id uuid, name text, parts int, loaves_per_kg numeric, price numeric, minutes int, sizes jsonb, sale_loaves_max int)`);
  // A draw table: each bread appears as many times as its parts, so a uniform
  // pick over it follows the catalogue's shares.
  await tx.execute(sql`
    create temporary table seed_draw on commit drop as
    select row_number() over (order by b.n, g) as slot, b.*
    from seed_breads b, generate_series(1, b.parts) g`);
  await tx.insert(distributors).values(
    catalogueDistributors(size.distributors).map((row) => ({
      ...row,
      createdAt: start,
      updatedAt: start,
    })),
  );
  await tx.execute(sql`
    create temporary table seed_distributors on commit drop as
    select row_number() over (order by created_at, name, id) as slot, id from distributors`);
}

async function insertBatches(tx: Transaction, size: ScaleSize, start: Date, now: Date) {
  const span = sql`(${now.toISOString()}::timestamptz - ${start.toISOString()}::timestamptz)`;
  await tx.execute(sql`
    insert into production_batches
      (batch_number, recipe_id, recipe_name, flour_kg, dough_size_grams, status,
       started_at, completed_at, loaves_produced, created_at)
    select
      'BATCH-' || to_char(b.created_at at time zone 'Africa/Lagos', 'YYYYMMDD') || '-' ||
        lpad((row_number() over (partition by (b.created_at at time zone 'Africa/Lagos')::date
                                 order by b.g))::text, 3, '0'),
      b.recipe_id, b.name, b.flour_kg, null, b.status,
      case when b.status = 'planned' then null else b.created_at + interval '20 minutes' end,
      case when b.status = 'completed'
        then b.created_at + interval '20 minutes' + make_interval(mins => b.minutes) end,
      case when b.status = 'completed'
        then round(b.flour_kg * b.loaves_per_kg * (0.95 + 0.1 * b.yield_draw))::int end,
      b.created_at
    from (
      select g, d.recipe_id, d.name, d.loaves_per_kg, d.minutes, r.yield_draw,
        (d.sizes ->> (floor(r.size_draw * jsonb_array_length(d.sizes)))::int)::numeric as flour_kg,
        ${start.toISOString()}::timestamptz + ${span} * ((g - 0.5) / ${size.batches}) as created_at,
        case
          when g > ${size.batches} - 2 then 'planned'
          when g > ${size.batches} - 4 then 'in_progress'
          when r.cancel_draw < 0.02 then 'cancelled'
          else 'completed'
        end as status
      from generate_series(1, ${size.batches}) g
      cross join lateral (
        select random() + g * 0 as pick_draw, random() as size_draw,
               random() as yield_draw, random() as cancel_draw
      ) r
      join seed_draw d on d.slot = 1 + floor(r.pick_draw * (select count(*) from seed_draw))
    ) b`);
  // Batches take their ingredients when they are created; a cancelled one
  // gives them back an hour later.
  await tx.execute(sql`
    insert into stock_movements (item_id, quantity_change, reason, reference_type, reference_id, created_at)
    select l.item_id, -round(l.per_kg * b.flour_kg, 3), 'production', 'production_batch', b.id, b.created_at
    from production_batches b join seed_lines l on l.recipe_id = b.recipe_id`);
  await tx.execute(sql`
    insert into stock_movements (item_id, quantity_change, reason, reference_type, reference_id, created_at)
    select l.item_id, round(l.per_kg * b.flour_kg, 3), 'production_cancelled', 'production_batch', b.id,
           b.created_at + interval '1 hour'
    from production_batches b join seed_lines l on l.recipe_id = b.recipe_id
    where b.status = 'cancelled'`);
}

/**
 * Opening stock, then one delivered order per ingredient and week covering a
 * little more than that week used; the store room's other items are bought
 * every quarter and used up by hand adjustments. The latest week's orders
 * are still awaiting delivery, so the dashboard has orders to chase.
 */
async function insertOrders(tx: Transaction, start: Date, now: Date) {
  await tx.execute(sql`
    insert into stock_movements (item_id, quantity_change, reason, created_at)
    select id, round(min_stock * 2, 3), 'initial_stock', created_at from inventory_items`);
  await tx.execute(sql`
    create temporary table seed_orders on commit drop as
    with weekly as (
      select m.item_id, date_trunc('week', m.created_at) as week, -sum(m.quantity_change) as used
      from stock_movements m where m.reason = 'production'
      group by 1, 2
    ), quarterly as (
      select i.id as item_id, q as week, i.min_stock * 3 as used
      from inventory_items i
      cross join generate_series(date_trunc('quarter', ${start.toISOString()}::timestamptz),
                                 ${now.toISOString()}::timestamptz, interval '3 months') q
      where not exists (select 1 from seed_lines l where l.item_id = i.id)
    ), wanted as (
      select item_id, week, ceil(used * 1.03) as quantity from weekly
      union all
      select item_id, week, ceil(used) from quarterly
    )
    select w.item_id, w.quantity, i.unit_cost, i.supplier,
      greatest(w.week - interval '2 days' + interval '9 hours', ${start.toISOString()}::timestamptz) as ordered_at,
      row_number() over (order by w.week, i.name) as n,
      w.week >= ${now.toISOString()}::timestamptz - interval '7 days' as awaiting
    from wanted w join inventory_items i on i.id = w.item_id`);
  await tx.execute(sql`
    insert into purchase_orders
      (order_number, supplier, status, items, total_amount, order_date, expected_delivery,
       delivered_date, created_at, updated_at)
    select 'PO-' || to_char(ordered_at at time zone 'Africa/Lagos', 'YYYYMMDD') || '-' || lpad(n::text, 6, '0'),
      supplier,
      case when not awaiting then 'delivered' when n % 2 = 0 then 'shipped' else 'pending' end,
      jsonb_build_array(jsonb_build_object('itemId', item_id, 'quantity', quantity,
        'unitCost', unit_cost, 'totalCost', round(quantity * unit_cost, 2))),
      round(quantity * unit_cost, 2),
      ordered_at, ordered_at + interval '2 days',
      case when not awaiting then ordered_at + interval '1 day' end,
      ordered_at, ordered_at + interval '1 day'
    from seed_orders`);
  await tx.execute(sql`
    insert into stock_movements (item_id, quantity_change, reason, reference_type, reference_id, created_at)
    select (o.items -> 0 ->> 'itemId')::uuid, (o.items -> 0 ->> 'quantity')::numeric, 'receipt',
           'purchase_order', o.id, o.delivered_date
    from purchase_orders o where o.status = 'delivered'`);
  // Sundries are used up over the quarter they were bought for.
  await tx.execute(sql`
    insert into stock_movements (item_id, quantity_change, reason, created_at)
    select (o.items -> 0 ->> 'itemId')::uuid, -floor((o.items -> 0 ->> 'quantity')::numeric * 0.95),
           'manual_adjustment', least(o.delivered_date + interval '80 days', ${now.toISOString()}::timestamptz)
    from purchase_orders o
    where o.status = 'delivered'
      and not exists (select 1 from seed_lines l where l.item_id = (o.items -> 0 ->> 'itemId')::uuid)`);
  await tx.execute(sql`
    update inventory_items i set current_stock = s.total, updated_at = ${now.toISOString()}::timestamptz
    from (select item_id, sum(quantity_change) as total from stock_movements group by item_id) s
    where s.item_id = i.id`);
}

/** A moment in the bakery's selling hours (6:00 to 19:00 Lagos) on a day drawn from the span. */
const sellingMoment = (start: Date, days: number) =>
  sql`(date_trunc('day', ${start.toISOString()}::timestamptz at time zone 'Africa/Lagos')
      + floor(random() * ${days}) * interval '1 day'
      + interval '6 hours' + random() * interval '13 hours') at time zone 'Africa/Lagos'`;

/** Loaves of the newest baking a bread still has on the shelf when the data set ends. */
const FRESH_HOURS = 36;

/**
 * Bread keeps a day or two, so a bakery sells about all it bakes. The sales
 * are trimmed or topped up a loaf at a time, on random sales of each bread,
 * until what is left of it is exactly what its batches of the last
 * FRESH_HOURS made. Amounts paid never exceed a trimmed sale's value.
 */
async function sellAllButTheLastBake(tx: Transaction, now: Date) {
  const breads = await rowsOf<{ name: string; short: string }>(
    tx,
    sql`
    select b.recipe_name as name, (b.baked - b.fresh - coalesce(s.sold, 0))::text as short
    from (
      select recipe_name, sum(loaves_produced) as baked,
        coalesce(sum(loaves_produced) filter (
          where completed_at > ${now.toISOString()}::timestamptz - ${`${FRESH_HOURS} hours`}::interval), 0) as fresh
      from production_batches where status = 'completed' group by recipe_name
    ) b
    left join (
      select recipe_name, sum(loaves_taken) as sold from sales_transactions group by recipe_name
    ) s using (recipe_name)`,
  );
  for (const bread of breads) {
    let short = Number(bread.short);
    while (short !== 0) {
      const step = Math.sign(short);
      const changed = await tx.execute(sql`
        update sales_transactions
        set loaves_taken = loaves_taken + ${step},
            amount_paid = least(amount_paid, (loaves_taken + ${step}) * price_per_loaf)
        where id in (
          select id from sales_transactions
          where recipe_name = ${bread.name} and loaves_taken + ${step} >= 1
          order by random() limit ${Math.abs(short)})`);
      const count = affectedRows(changed) ?? 0;
      if (count === 0) throw new Error(`no sale of ${bread.name} can take a loaf more or less`);
      short -= step * count;
    }
  }
}

async function insertSalesAndMoney(tx: Transaction, size: ScaleSize, start: Date, now: Date) {
  const days = Math.floor((now.getTime() - start.getTime()) / 86_400_000);
  // Bread prices rise about 15% a year; distributors favour a few big buyers.
  await tx.execute(sql`
    insert into sales_transactions
      (distributor_id, recipe_name, loaves_taken, price_per_loaf, amount_paid, created_at)
    select s.distributor_id, s.name, s.loaves, s.price,
      case when s.pay_draw < 0.6 then s.loaves * s.price
           when s.pay_draw < 0.85 then round(s.loaves * s.price / 2, -2)
           else 0 end,
      s.at
    from (
      select d.name, dist.id as distributor_id, 1 + floor(r.loaves_draw * d.sale_loaves_max)::int as loaves,
        r.pay_draw, r.at,
        round(d.price * power(1.15, extract(epoch from r.at - ${start.toISOString()}::timestamptz) / 31557600 - ${size.years}) / 50) * 50 as price
      from generate_series(1, ${size.sales}) g
      cross join lateral (
        select random() + g * 0 as pick_draw, random() as who_draw, random() as loaves_draw,
               random() as pay_draw, ${sellingMoment(start, days)} as at
      ) r
      join seed_draw d on d.slot = 1 + floor(r.pick_draw * (select count(*) from seed_draw))
      join seed_distributors dist
        on dist.slot = 1 + floor(power(r.who_draw, 1.6) * (select count(*) from seed_distributors))
    ) s`);
  await sellAllButTheLastBake(tx, now);
  await tx.execute(sql`
    insert into distributor_payments (distributor_id, amount, payment_method, description, created_at)
    select dist.id, round((2000 + r.amount_draw * 12000)::numeric, -2),
      case when r.method_draw < 0.45 then 'cash' when r.method_draw < 0.8 then 'bank_transfer'
           when r.method_draw < 0.97 then 'mobile_money' else 'check' end,
      null, r.at
    from generate_series(1, ${size.payments}) g
    cross join lateral (
      select random() + g * 0 as who_draw, random() as amount_draw, random() as method_draw,
             ${sellingMoment(start, days)} as at
    ) r
    join seed_distributors dist
      on dist.slot = 1 + floor(power(r.who_draw, 1.6) * (select count(*) from seed_distributors))`);
  // Each return comes from one sale and never exceeds it; a sale is returned at most once.
  await tx.execute(sql`
    insert into bread_returns
      (distributor_id, recipe_name, loaves_returned, price_per_loaf, reason, notes, created_at)
    select s.distributor_id, s.recipe_name, 1 + floor(random() * least(3, s.loaves_taken))::int,
      s.price_per_loaf,
      (array['spoiled', 'spoiled', 'damaged', 'quality_issue', 'other'])[1 + floor(random() * 5)::int],
      null, least(s.created_at + interval '1 day', ${now.toISOString()}::timestamptz)
    from sales_transactions s
    where random() < ${(size.returns / size.sales) * 1.05}
    limit ${size.returns}`);
}

const COUNTED = {
  inventoryItems,
  recipes,
  distributors,
  productionBatches,
  stockMovements,
  purchaseOrders,
  salesTransactions,
  distributorPayments,
  breadReturns,
};

async function countRows(tx: Transaction): Promise<ScaleCounts> {
  // One after another: a transaction is one connection, which runs one query at a time.
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(COUNTED)) counts[name] = await tx.$count(table);
  return counts as ScaleCounts;
}

/**
 * Fills an empty database with `size` worth of history ending at `now`, in
 * one transaction; refuses one holding bakery data unless `force` empties it.
 */
export async function seedScale(
  db: Database,
  {
    size = FULL_SCALE,
    now = new Date(),
    force = false,
  }: { size?: ScaleSize; now?: Date; force?: boolean } = {},
): Promise<ScaleCounts> {
  const start = new Date(now.getTime() - size.years * 365.25 * 86_400_000);
  const admin = DEMO_USERS.find((user) => user.isAdmin);
  if (!admin) throw new Error('the catalogue has no demo admin');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const existing = await existingBusinessData(tx);
    if (existing.length > 0 && !force) {
      throw new SeedRefusedError(
        `This database already holds bakery data (${existing.join(', ')}); nothing was generated. ` +
          `Run with ${FORCE_FLAG} to delete it first.`,
      );
    }
    if (force) await emptyBusinessTables(tx);
    await tx.delete(users).where(inArray(sql`lower(${users.username})`, demoUsernames));
    await tx.execute(sql`select setseed(0.2026)`);
    await tx.insert(users).values({
      username: admin.username,
      email: admin.email,
      firstName: admin.firstName,
      lastName: admin.lastName,
      passwordHash,
      isAdmin: true,
    });
    await insertCatalogue(tx, size, start);
    await insertBatches(tx, size, start, now);
    await insertOrders(tx, start, now);
    await insertSalesAndMoney(tx, size, start, now);
    return countRows(tx);
  });
}
