import { asc, inArray } from 'drizzle-orm';
import { orderQuantity, planBatchNumber, planBatchPrefix } from '../../../domain/bake-plan';
import type { PlanBatchesInput } from '../../../domain/contracts/bake-plan';
import type { ProductionBatch } from '../../../domain/contracts/production';
import type { PurchaseOrder } from '../../../domain/contracts/purchase-orders';
import { addDays } from '../../../domain/orders';
import { lineCosts, orderTotal } from '../../../domain/purchase-order-schemas';
import { businessDate } from '../../../domain/time';
import type { Database, Transaction } from '../../db/connection';
import { isUniqueViolation } from '../../db/errors';
import { lockFor } from '../../db/locks';
import { productionBatches } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { insertBatch, toBatch } from '../production/service';
import { getOrder, insertOrder } from '../purchase-orders/service';
import { type Adjustments, isPlanBatchOf, readPlan } from './plan';

export interface PlanContext {
  db: Database;
  timeZone: string;
  now: () => number;
}

const todayOf = (ctx: PlanContext) => businessDate(new Date(ctx.now()), ctx.timeZone);

export const tomorrowOf = (ctx: PlanContext) => addDays(todayOf(ctx), 1);

function refusePastDay(ctx: PlanContext, day: string) {
  if (day < todayOf(ctx)) {
    const message = 'A day before today cannot be planned';
    throw badRequest(message, [{ path: 'day', message }]);
  }
}

/** The next free sequence of the day's plan batch numbers (PLAN-20261126-07 → 8). */
async function nextSequence(tx: Transaction, day: string) {
  const rows = await tx
    .select({ batchNumber: productionBatches.batchNumber })
    .from(productionBatches)
    .where(isPlanBatchOf(day));
  const used = rows.map((row) => Number(row.batchNumber.slice(planBatchPrefix(day).length)));
  return Math.max(0, ...used.filter(Number.isInteger)) + 1;
}

/**
 * One planned batch per mix of every bread that has mixes, all or none. The
 * ingredients are deducted once, as any planned batch's are when created
 * (starting and completing deduct nothing). The day's lock makes two clicks
 * take turns; the second finds the batches of the first and is refused with
 * 409 unless `again` (docs/rules/bake-plan.md).
 */
export async function createPlanBatches(
  ctx: PlanContext,
  input: PlanBatchesInput,
  userId: string,
): Promise<{ batches: ProductionBatch[]; skipped: string[] }> {
  refusePastDay(ctx, input.day);
  const ids = await ctx.db
    .transaction(async (tx) => {
      await lockFor(tx, `bakery:bake-plan:${input.day}`);
      const plan = await readPlan(tx, input.day, input.adjustments);
      const baking = plan.breads.filter((bread) => bread.mixes && bread.mixes.length > 0);
      const skipped = plan.breads
        .filter((bread) => bread.loaves > 0 && bread.loavesPerKg === null)
        .map((bread) => bread.recipeName);
      if (baking.length === 0) {
        throw badRequest(
          skipped.length > 0
            ? `Nothing to bake on ${input.day}: set the loaves per kg of ${skipped.join(', ')}`
            : `Nothing to bake on ${input.day}`,
        );
      }
      const twice = baking.filter((bread) => bread.plannedBatches > 0);
      if (twice.length > 0 && !input.again) {
        throw new AppError(
          'CONFLICT',
          `${input.day} already has planned batches of ${twice.map((b) => b.recipeName).join(', ')}: create them again only if you mean to bake more`,
        );
      }
      let sequence = await nextSequence(tx, input.day);
      const created: string[] = [];
      for (const bread of baking) {
        const mixes = bread.mixes ?? [];
        for (const [index, mix] of mixes.entries()) {
          const id = await insertBatch(
            tx,
            {
              recipeId: bread.recipeId,
              flourKg: mix.flourKg,
              batchNumber: planBatchNumber(input.day, sequence),
              status: 'planned',
              notes: `Bake plan for ${input.day}: mix ${index + 1} of ${mixes.length}`,
            },
            userId,
            ctx.timeZone,
          );
          created.push(id);
          sequence += 1;
        }
      }
      return { created, skipped };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', 'Another plan took these batch numbers; try again');
      }
      throw error;
    });
  const rows = await ctx.db
    .select()
    .from(productionBatches)
    .where(inArray(productionBatches.id, ids.created))
    .orderBy(asc(productionBatches.batchNumber));
  return { batches: rows.map(toBatch), skipped: ids.skipped };
}

/**
 * The shortfall ordered as pending purchase orders, one per supplier (the
 * item's), all or none; items without a supplier are named, not ordered.
 * Each line costs the item's unit cost; delivery is expected the day before
 * the bake, or today when that has passed.
 */
export async function createPlanOrders(
  ctx: PlanContext,
  input: { day: string; adjustments?: Adjustments },
  userId: string,
): Promise<{ orders: PurchaseOrder[]; withoutSupplier: string[] }> {
  refusePastDay(ctx, input.day);
  const plan = await readPlan(ctx.db, input.day, input.adjustments);
  const short = plan.needs.filter((need) => need.shortfall > 0);
  if (short.length === 0) throw badRequest(`Nothing is short for ${input.day}`);
  const bySupplier = new Map<string, typeof short>();
  for (const need of short) {
    if (!need.supplier) continue;
    bySupplier.set(need.supplier, [...(bySupplier.get(need.supplier) ?? []), need]);
  }
  const withoutSupplier = short.filter((need) => !need.supplier).map((need) => need.itemName);
  if (bySupplier.size === 0) {
    throw badRequest(`Set a supplier on ${withoutSupplier.join(', ')} to order them`);
  }
  // Bakery days compare as text: the day before the bake, or today once that has passed.
  const expectedDelivery = [addDays(input.day, -1), todayOf(ctx)].sort().at(-1);
  const ids = await ctx.db.transaction(async (tx) => {
    const created: string[] = [];
    for (const [supplier, needs] of [...bySupplier].sort(([a], [b]) => a.localeCompare(b))) {
      const items = needs.map((need) => ({
        itemId: need.itemId,
        quantity: orderQuantity(need.shortfall, need.unit),
        unitCost: plan.items.get(need.itemId)?.unitCost ?? 0,
      }));
      const lines = items.map((line) => ({ ...line, ...lineCosts(line) }));
      const order = {
        supplier,
        status: 'pending' as const,
        items,
        expectedDelivery,
        notes: `Shortfall of the bake plan for ${input.day}`,
      };
      created.push(await insertOrder(tx, order, lines, orderTotal(lines), userId));
    }
    return created;
  });
  const orders = [];
  for (const id of ids) orders.push(await getOrder(ctx.db, id));
  return { orders, withoutSupplier };
}
