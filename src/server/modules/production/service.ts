import { and, asc, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type {
  BatchCost,
  BatchSummary,
  ProductionBatch,
} from '../../../domain/contracts/production';
import { fromKobo } from '../../../domain/money';
import {
  batchIngredientCost,
  defaultBatchNumber,
  freeBatchNumber,
  scaledRequirement,
  unitMismatchMessage,
  unitsFit,
} from '../../../domain/production';
import {
  type BatchInput,
  type BatchStatus,
  type BatchUpdateInput,
  isOpenBatch,
} from '../../../domain/production-schemas';
import { businessDateRange } from '../../../domain/time';
import type { Database, Transaction } from '../../db/connection';
import { isUniqueViolation } from '../../db/errors';
import { lockFor } from '../../db/locks';
import {
  inventoryItems,
  productionBatches,
  recipes,
  rollupBatchStatuses,
  stockMovements,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { changeStock } from '../inventory/stock';

type BatchRow = typeof productionBatches.$inferSelect;

const BATCH_TAKEN = 'Batch number already exists';
const batchTaken = () =>
  new AppError('BATCH_NUMBER_TAKEN', BATCH_TAKEN, [{ path: 'batchNumber', message: BATCH_TAKEN }]);

export function toBatch(row: BatchRow): ProductionBatch {
  return {
    id: row.id,
    batchNumber: row.batchNumber,
    recipeId: row.recipeId,
    recipeName: row.recipeName,
    flourKg: row.flourKg,
    doughSizeGrams: row.doughSizeGrams,
    status: row.status as BatchStatus,
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    loavesProduced: row.loavesProduced,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Batches newest first (docs/screens/production.md). */
export async function listBatches(
  db: Database,
  limit: number,
  offset: number,
): Promise<ProductionBatch[]> {
  const rows = await db
    .select()
    .from(productionBatches)
    .orderBy(desc(productionBatches.createdAt), desc(productionBatches.batchNumber))
    .limit(limit)
    .offset(offset);
  return rows.map(toBatch);
}

/** From the per-status roll-up: a few rows, however many batches there are. */
export async function batchSummary(db: Database): Promise<BatchSummary> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${rollupBatchStatuses.batches}), 0)::text`,
      inProgress: sql<string>`coalesce(sum(${rollupBatchStatuses.batches}) filter (where ${rollupBatchStatuses.status} = 'in_progress'), 0)::text`,
    })
    .from(rollupBatchStatuses);
  return { total: Number(row?.total ?? 0), inProgress: Number(row?.inProgress ?? 0) };
}

async function getBatch(db: Database, id: string): Promise<ProductionBatch> {
  const [row] = await db.select().from(productionBatches).where(eq(productionBatches.id, id));
  if (!row) throw notFound('Production batch');
  return toBatch(row);
}

/**
 * Today's default batch number, moved on if a batch of the day already
 * has it. The day's lock, held until the batch is saved, makes batches created
 * at the same moment (on PostgreSQL, by several requests or app processes)
 * take turns: each sees the numbers the others took, instead of choosing the
 * same one and being refused "Batch number already exists" for a number the
 * user never typed (tests/resilience/races.test.ts).
 */
async function unusedDefaultNumber(tx: Transaction, timeZone: string): Promise<string> {
  const wanted = defaultBatchNumber(new Date(), timeZone);
  await lockFor(tx, `bakery:batch-number:${wanted.slice(0, -3)}`);
  const sameDay = await tx
    .select({ batchNumber: productionBatches.batchNumber })
    .from(productionBatches)
    .where(ilike(productionBatches.batchNumber, `${wanted.slice(0, -3)}%`));
  return freeBatchNumber(wanted, new Set(sameDay.map((row) => row.batchNumber.toLowerCase())));
}

/**
 * Inserts the batch and takes its ingredients out of stock, scaled by
 * flourKg ÷ baseFlourKg and converted to each item's unit, in the caller's
 * transaction (one batch here, a bake plan's mixes together).
 * Stock may go negative: short stock only warns (docs/screens/production.md).
 */
export async function insertBatch(
  tx: Transaction,
  input: BatchInput,
  userId: string,
  timeZone: string,
): Promise<string> {
  const [recipe] = await tx
    .select()
    .from(recipes)
    .where(and(eq(recipes.id, input.recipeId), isNull(recipes.deletedAt)));
  if (!recipe) throw notFound('Recipe');

  const batchNumber = input.batchNumber ?? (await unusedDefaultNumber(tx, timeZone));
  const [taken] = await tx
    .select({ id: productionBatches.id })
    .from(productionBatches)
    .where(sql`lower(${productionBatches.batchNumber}) = lower(${batchNumber})`);
  if (taken) throw batchTaken();

  const items = await tx
    .select({ id: inventoryItems.id, name: inventoryItems.name, unit: inventoryItems.unit })
    .from(inventoryItems)
    .where(
      inArray(
        inventoryItems.id,
        recipe.ingredients.map((line) => line.itemId),
      ),
    );
  const byId = new Map(items.map((item) => [item.id, item]));
  // In item order, so two batches deducting the same items cannot deadlock.
  const lines = [...recipe.ingredients].sort((a, b) => a.itemId.localeCompare(b.itemId));
  const deductions = lines.map((line) => {
    const item = byId.get(line.itemId);
    if (!item) {
      throw new AppError(
        'BATCH_INGREDIENT_GONE',
        `An ingredient of ${recipe.name} is no longer in inventory; edit the recipe`,
      );
    }
    // The item's unit may have changed since the recipe was saved.
    if (!unitsFit(line.unit, item.unit)) {
      throw new AppError(
        'INGREDIENT_UNIT_CHANGED',
        unitMismatchMessage(item.name, line.unit, item.unit),
      );
    }
    const needed = scaledRequirement(line, recipe.baseFlourKg, input.flourKg, item.unit);
    return { itemId: item.id, needed };
  });

  const status = input.status ?? 'planned';
  const [created] = await tx
    .insert(productionBatches)
    .values({
      batchNumber,
      recipeId: recipe.id,
      recipeName: recipe.name,
      flourKg: input.flourKg,
      doughSizeGrams: input.doughSizeGrams ?? null,
      status,
      startedAt: status === 'in_progress' ? new Date() : null,
      notes: input.notes ?? null,
    })
    .returning({ id: productionBatches.id });
  if (!created) throw new Error('insert returned no row');
  for (const { itemId, needed } of deductions) {
    await changeStock(tx, {
      itemId,
      quantityChange: -needed,
      reason: 'production',
      reference: { type: 'production_batch', id: created.id },
      userId,
    });
  }
  return created.id;
}

export async function createBatch(
  db: Database,
  input: BatchInput,
  userId: string,
  timeZone: string,
): Promise<ProductionBatch> {
  const id = await db
    .transaction((tx) => insertBatch(tx, input, userId, timeZone))
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw batchTaken();
      throw error;
    });
  return getBatch(db, id);
}

const FINAL = {
  completed: () => new AppError('BATCH_ALREADY_COMPLETED', 'This batch has already been completed'),
  cancelled: () => new AppError('BATCH_CANCELLED', 'This batch has been cancelled'),
};

/** A date alone means the start of that day in the bakery's time zone. */
function toMoment(value: string | undefined, timeZone: string): Date {
  if (!value) return new Date();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return businessDateRange(value, timeZone).start;
  return new Date(value);
}

function refuseFuture(at: Date, path: string, label: string) {
  // A minute's grace for a phone whose clock runs a little ahead.
  if (at.getTime() > Date.now() + 60_000) {
    const message = `${label} cannot be in the future`;
    throw badRequest(message, [{ path, message }]);
  }
}

/** Puts back exactly what this batch took, whatever its recipe says today. */
async function restoreIngredients(tx: Transaction, batchId: string, userId: string) {
  const taken = await tx
    .select({
      itemId: stockMovements.itemId,
      quantity: sql<string>`sum(${stockMovements.quantityChange})::text`,
    })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.referenceType, 'production_batch'),
        eq(stockMovements.referenceId, batchId),
        eq(stockMovements.reason, 'production'),
      ),
    )
    .groupBy(stockMovements.itemId)
    .orderBy(asc(stockMovements.itemId));
  for (const line of taken) {
    await changeStock(tx, {
      itemId: line.itemId,
      quantityChange: -Number(line.quantity),
      reason: 'production_cancelled',
      reference: { type: 'production_batch', id: batchId },
      userId,
    });
  }
}

async function startBatch(
  tx: Transaction,
  batch: BatchRow,
  input: Extract<BatchUpdateInput, { status: 'in_progress' }>,
  timeZone: string,
) {
  if (batch.status === 'in_progress') {
    throw new AppError('BATCH_ALREADY_STARTED', 'This batch has already started');
  }
  const startedAt = toMoment(input.startedAt, timeZone);
  refuseFuture(startedAt, 'startedAt', 'Start time');
  await tx
    .update(productionBatches)
    .set({ status: 'in_progress', startedAt })
    .where(eq(productionBatches.id, batch.id));
}

async function completeBatch(
  tx: Transaction,
  batch: BatchRow,
  input: Extract<BatchUpdateInput, { status: 'completed' }>,
  timeZone: string,
) {
  const completedAt = toMoment(input.completedAt, timeZone);
  refuseFuture(completedAt, 'completedAt', 'Completion time');
  if (batch.startedAt && completedAt < batch.startedAt) {
    const message = 'Completion time cannot be before the start time';
    throw badRequest(message, [{ path: 'completedAt', message }]);
  }
  await tx
    .update(productionBatches)
    .set({ status: 'completed', completedAt, loavesProduced: input.loavesProduced })
    .where(eq(productionBatches.id, batch.id));
}

async function cancelBatch(tx: Transaction, id: string, userId: string) {
  await restoreIngredients(tx, id, userId);
  await tx
    .update(productionBatches)
    .set({ status: 'cancelled' })
    .where(eq(productionBatches.id, id));
}

/** Start, complete or cancel a planned or in-progress batch; final batches answer 409. */
export async function updateBatch(
  db: Database,
  id: string,
  input: BatchUpdateInput,
  userId: string,
  timeZone: string,
): Promise<ProductionBatch> {
  await db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(productionBatches)
      .where(eq(productionBatches.id, id))
      .for('update');
    if (!batch) throw notFound('Production batch');
    const status = batch.status as BatchStatus;
    if (!isOpenBatch(status)) throw FINAL[status as keyof typeof FINAL]();

    if (input.status === 'in_progress') await startBatch(tx, batch, input, timeZone);
    else if (input.status === 'completed') await completeBatch(tx, batch, input, timeZone);
    else await cancelBatch(tx, id, userId);
  });
  return getBatch(db, id);
}

/**
 * What the batch's ingredients cost at today's unit costs: what it took from
 * stock, plus its flour at a flour item's cost when the recipe named none.
 */
export async function batchCost(db: Database | Transaction, id: string): Promise<BatchCost> {
  const [batch] = await db
    .select({ flourKg: productionBatches.flourKg })
    .from(productionBatches)
    .where(eq(productionBatches.id, id));
  if (!batch) throw notFound('Production batch');
  const item = {
    id: inventoryItems.id,
    name: inventoryItems.name,
    category: inventoryItems.category,
    unit: inventoryItems.unit,
    unitCost: inventoryItems.unitCost,
  };
  const used = await db
    .select({ ...item, taken: sql<string>`(-sum(${stockMovements.quantityChange}))::text` })
    .from(stockMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.itemId))
    .where(
      and(
        eq(stockMovements.referenceType, 'production_batch'),
        eq(stockMovements.referenceId, id),
        eq(stockMovements.reason, 'production'),
      ),
    )
    .groupBy(inventoryItems.id);
  const flourItems = await db
    .select(item)
    .from(inventoryItems)
    .where(and(eq(inventoryItems.category, 'ingredients'), ilike(inventoryItems.name, '%flour%')))
    .orderBy(asc(inventoryItems.name));
  const cost = batchIngredientCost(
    used.map(({ taken, ...row }) => ({ item: row, quantity: Number(taken) })),
    batch.flourKg,
    flourItems,
  );
  return { ingredientCost: fromKobo(cost) };
}
