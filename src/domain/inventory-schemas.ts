import { z } from 'zod';
import { isStorableText, someFieldOf, storable } from './fields';
import { hasAtMostDecimals } from './money';

export const INVENTORY_CATEGORIES = ['ingredients', 'packaging', 'utilities', 'supplies'] as const;
export type InventoryCategory = (typeof INVENTORY_CATEGORIES)[number];
export const INVENTORY_CATEGORY_LABELS: Record<InventoryCategory, string> = {
  ingredients: 'Ingredients',
  packaging: 'Packaging',
  utilities: 'Utilities',
  supplies: 'Supplies',
};
export const INVENTORY_UNITS = ['kg', 'g', 'liters', 'units', '%'] as const;
export type InventoryUnit = (typeof INVENTORY_UNITS)[number];

const MAX_QUANTITY = 1_000_000_000;

/** A stock quantity: not negative, at most 3 decimals (what the database keeps). */
const quantity = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(MAX_QUANTITY, { error: `${label} is too large` })
    .refine((value) => hasAtMostDecimals(value, 3), {
      error: `${label} can have at most 3 decimal places`,
    });

/**
 * Items counted in units (eggs, bags, trays) come whole: 2.5 units is a slip
 * of the keyboard, and a stock of it could never be counted on the shelf.
 */
export const wholeUnitsMessage = (label: string) =>
  `${label} must be a whole number for an item counted in units`;

export const isWholeFor = (unit: string | null | undefined, value: number) =>
  unit !== 'units' || Number.isInteger(value);

/** The stock fields an item counted in units keeps whole, by their labels. */
export const WHOLE_UNIT_FIELDS = {
  currentStock: 'Current stock',
  minStock: 'Minimum stock',
} as const;
type WholeUnitField = keyof typeof WHOLE_UNIT_FIELDS;

/** The stock fields given that are not whole for `unit`, each with its message. */
export function wholeUnitIssues(
  unit: string | null | undefined,
  values: { currentStock?: number; minStock?: number },
): { path: WholeUnitField; message: string }[] {
  return Object.entries(WHOLE_UNIT_FIELDS).flatMap(([field, label]) => {
    const path = field as WholeUnitField;
    const value = values[path];
    return value === undefined || isWholeFor(unit, value)
      ? []
      : [{ path, message: wholeUnitsMessage(label) }];
  });
}

const refineWholeUnits = (
  item: { unit?: string; currentStock?: number; minStock?: number },
  context: z.RefinementCtx,
) => {
  for (const { path, message } of wholeUnitIssues(item.unit, item)) {
    context.addIssue({ code: 'custom', path: [path], message });
  }
};

const unitCost = z
  .number({ error: 'Unit cost must be a number' })
  .min(0, { error: 'Unit cost cannot be negative' })
  .max(MAX_QUANTITY, { error: 'Unit cost is too large' })
  .refine((value) => hasAtMostDecimals(value, 4), {
    error: 'Unit cost can have at most 4 decimal places',
  });

const itemFields = {
  name: z
    .string({ error: 'Item name is required' })
    .refine(isStorableText, storable('Item name'))
    .trim()
    .min(1, { error: 'Item name is required' })
    .max(200, { error: 'Item name must be less than 200 characters' }),
  category: z.enum(INVENTORY_CATEGORIES, { error: 'Choose a category' }),
  currentStock: quantity('Current stock'),
  unit: z.enum(INVENTORY_UNITS, { error: 'Choose a unit' }),
  minStock: quantity('Minimum stock'),
  unitCost,
  supplier: z
    .string({ error: 'Supplier must be text' })
    .refine(isStorableText, storable('Supplier'))
    .trim()
    .max(200, { error: 'Supplier must be less than 200 characters' })
    .nullable()
    .optional(),
};

/** POST /api/inventory. Stock, minimum and cost default to 0 (docs/screens/inventory.md). */
export const inventoryItemSchema = z
  .strictObject({
    ...itemFields,
    currentStock: itemFields.currentStock.default(0),
    minStock: itemFields.minStock.default(0),
    unitCost: itemFields.unitCost.default(0),
  })
  .superRefine(refineWholeUnits);
export type InventoryItemInput = z.input<typeof inventoryItemSchema>;

/**
 * PATCH /api/inventory/{id}: any of the same fields. Without `unit`, whether
 * stock must be whole depends on the stored unit: the server checks that.
 */
export const inventoryItemUpdateSchema = someFieldOf(
  z.strictObject(itemFields).partial(),
).superRefine(refineWholeUnits);
export type InventoryItemUpdateInput = z.input<typeof inventoryItemUpdateSchema>;

/**
 * GET /api/inventory: the items in use, or with `includeArchived=true` the
 * archived ones too; the same switch as the distributors list.
 */
export { distributorListQuerySchema as inventoryListQuerySchema } from './distributor-schemas';

export const STOCK_MOVEMENT_REASONS = {
  initial_stock: 'Opening stock',
  manual_adjustment: 'Manual adjustment',
  receipt: 'Purchase order received',
  production: 'Used in production',
  production_cancelled: 'Production cancelled',
} as const;
export type StockMovementReason = keyof typeof STOCK_MOVEMENT_REASONS;
