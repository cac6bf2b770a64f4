/**
 * The modules whose access a role controls (docs/rules/permissions.md). The keys
 * are the ones the API and the permissions table use; the display names are what
 * admins see.
 */
export const MODULE_KEYS = [
  'inventory',
  'purchase_orders',
  'recipes',
  'production',
  'sales',
  'distributors',
  'accounting',
  'production_history',
] as const;

export type ModuleKey = (typeof MODULE_KEYS)[number];

export const MODULE_DISPLAY_NAMES: Record<ModuleKey, string> = {
  inventory: 'Inventory',
  purchase_orders: 'Purchase Orders',
  recipes: 'Recipes',
  production: 'Production',
  sales: 'Sales',
  distributors: 'Distributors',
  accounting: 'Accounting',
  production_history: 'Production History',
};

export const MODULE_DESCRIPTIONS: Record<ModuleKey, string> = {
  inventory: 'Ingredients, packaging and supplies, stock levels and costs',
  purchase_orders: 'Supplier orders and deliveries',
  recipes: 'Bread recipes and formulations',
  production: 'Production batches and ingredient deductions',
  sales: 'Sales of loaves to distributors',
  distributors: 'Distributor accounts, payments and returns',
  accounting: 'Income, expenditure and profit',
  production_history: 'Completed production batches',
};

export function isModuleKey(value: string): value is ModuleKey {
  return (MODULE_KEYS as readonly string[]).includes(value);
}
