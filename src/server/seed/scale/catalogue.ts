/**
 * The scale bakery's catalogue: the demo's items topped up with sundries in
 * several sizes, its recipes, and distributors named from the catalogue's
 * areas; plus the temporary tables the bulk inserts draw from.
 */
import { sql } from 'drizzle-orm';
import { scaledRequirement } from '../../../domain/production';
import type { Transaction } from '../../db/connection';
import { distributors, inventoryItems, recipes } from '../../db/schema';
import {
  AREAS,
  DISTRIBUTOR_NAME_PATTERNS,
  FIRST_NAMES,
  INVENTORY_ITEMS,
  LAST_NAMES,
  PHONE_PREFIXES,
  RECIPES,
  SUPPLIERS,
} from '../catalog';
import type { ScaleSize } from './size';

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

export async function insertCatalogue(tx: Transaction, size: ScaleSize, start: Date) {
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
