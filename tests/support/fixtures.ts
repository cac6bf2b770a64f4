import type { DistributorWithAccount } from '../../src/domain/contracts/distributors';
import type { InventoryItem } from '../../src/domain/contracts/inventory';
import type { ProductionBatch } from '../../src/domain/contracts/production';
import type { Recipe } from '../../src/domain/contracts/recipes';
import type { ApiClient, Reply } from './api-client';

/** A shelf clock in Lagos at the test file's start: what is stale is decided at it. */
export const LAGOS_NOW = { timeZone: 'Africa/Lagos', now: new Date() };

/** An instant given as Lagos wall-clock time (UTC+1 all year): lagos('2026-03-01T23:30:00'). */
export const lagos = (wallClock: string) => new Date(`${wallClock}+01:00`);

/** The Lagos calendar date (yyyy-MM-dd) of an instant, worked out independently of the code under test. */
export const lagosDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(at);

/** The body of a reply that created a record (201); any other answer fails the test with the reply. */
export async function created<T>(reply: Promise<Reply<T>>): Promise<T & { id: string }> {
  const { status, body } = await reply;
  if (status !== 201) throw new Error(`expected 201, got ${status}: ${JSON.stringify(body)}`);
  return body as T & { id: string };
}

/** A new item's body as the spec's example: 50 kg of Golden Penny flour; `extra` overrides any field. */
export const flour = (extra: Record<string, unknown> = {}) => ({
  name: 'Flour (Golden Penny)',
  category: 'ingredients',
  currentStock: 50,
  unit: 'kg',
  minStock: 20,
  unitCost: 1250.5,
  supplier: 'Golden Penny Mills',
  ...extra,
});

export interface ItemFields {
  unit?: string;
  category?: string;
  currentStock?: number;
  minStock?: number;
  unitCost?: number;
}

/**
 * Records made through the API as `client()`, read at each call so that a
 * client signed in by a beforeAll (or a second app's admin) can be named.
 */
export function bakeryFixtures(client: () => ApiClient) {
  let numbered = 0;
  let yeast: InventoryItem | undefined;
  const breads = new Map<string, Recipe>();

  /** An inventory item: kg of an ingredient, none in stock and free, unless told. */
  const addItem = (name: string, fields: ItemFields = {}) =>
    created(
      client().post<InventoryItem>('/api/inventory', {
        name,
        category: 'ingredients',
        unit: 'kg',
        currentStock: 0,
        minStock: 0,
        unitCost: 0,
        ...fields,
      }),
    );

  /** An item made of `flour(extra)`: the example's figures unless told. */
  const addFlour = (extra: Record<string, unknown> = {}) =>
    created(client().post<InventoryItem>('/api/inventory', flour(extra)));

  const addRecipe = (name: string, fields: Record<string, unknown> = {}) =>
    created(client().post<Recipe>('/api/recipes', { name, ...fields }));

  /**
   * The recipe of a bread to bake and sell, made at first use: 10 g of yeast
   * per kg of flour, from a Yeast item (10 t at ₦3,000/kg) made once.
   */
  async function bread(name: string) {
    const known = breads.get(name);
    if (known) return known;
    yeast ??= await addItem('Yeast', { currentStock: 10_000, unitCost: 3000 });
    const recipe = await addRecipe(name, {
      ingredients: [{ itemId: yeast.id, quantity: 10, unit: 'g' }],
    });
    breads.set(name, recipe);
    return recipe;
  }

  /**
   * A planned batch of 1 kg of a bread, with a number of its own (`prefix`-n):
   * the default number repeats whenever two timestamps end in the same 3 digits.
   */
  async function batch(breadName: string, prefix = 'B') {
    numbered += 1;
    return created(
      client().post<ProductionBatch>('/api/production-batches', {
        recipeId: (await bread(breadName)).id,
        flourKg: 1,
        batchNumber: `${prefix}-${numbered}`,
      }),
    );
  }

  /**
   * A batch of a bread completed with that many loaves: now, or `hoursAgo`
   * hours (and a second) ago.
   */
  async function bake(
    breadName: string,
    loavesProduced: number,
    { hoursAgo, prefix }: { hoursAgo?: number; prefix?: string } = {},
  ) {
    const planned = await batch(breadName, prefix);
    const reply = await client().patch<ProductionBatch>(`/api/production-batches/${planned.id}`, {
      status: 'completed',
      loavesProduced,
      ...(hoursAgo === undefined
        ? {}
        : { completedAt: new Date(Date.now() - hoursAgo * 3_600_000 - 1000).toISOString() }),
    });
    if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
    return reply.body;
  }

  /** The reply to adding a distributor in Ikeja (`fields` may override any field). */
  const newDistributor = (name: string, fields: Record<string, unknown> = {}) =>
    client().post<DistributorWithAccount>('/api/distributors', {
      name,
      address: '12 Allen Avenue, Ikeja',
      phone: '0803 000 0000',
      ...fields,
    });

  const distributor = (name: string) => created(newDistributor(name));

  return { addItem, addFlour, addRecipe, bread, batch, bake, newDistributor, distributor };
}
