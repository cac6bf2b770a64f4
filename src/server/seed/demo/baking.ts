/**
 * Production: the day's batches at their usual hours, each taking its recipe
 * scaled by its flour through the same domain function the production
 * service uses (scaledRequirement); a few are cancelled and give it back.
 */
import { defaultBatchNumber, freeBatchNumber, scaledRequirement } from '../../../domain/production';
import type { BatchStatus } from '../../../domain/production-schemas';
import { BAKERY_HOURS, BATCH_NOTES, CANCEL_NOTES, type CatalogRecipe, RECIPES } from '../catalog';
import { hour, MINUTE, SETUP } from './calendar';
import { type Batch, nth, toMilli } from './records';
import type { Plan, Simulation } from './simulate';
import { ITEMS, itemIndex } from './stock';

export const RECIPE_LIST: readonly CatalogRecipe[] = RECIPES;

const recipeIndex = (name: string) => RECIPE_LIST.findIndex((r) => r.name === name);
const AGEGE = recipeIndex('Agege Bread');
const SLICED = recipeIndex('Sliced Bread');
const MILK = recipeIndex('Milk Bread');
const COCONUT = recipeIndex('Coconut Bread');

interface NewBatch {
  day: number;
  recipe: number;
  flourKg: number;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  notes: string | null;
}

const statusOf = (batch: NewBatch): BatchStatus => {
  if (batch.cancelledAt) return 'cancelled';
  if (batch.completedAt) return 'completed';
  return batch.startedAt ? 'in_progress' : 'planned';
};

/** The bakery's batches as the simulation records them, with their ingredients' movements. */
class Bakehouse {
  readonly batches: Batch[] = [];
  private readonly takenNumbers = new Set<string>();

  constructor(private readonly sim: Simulation) {}

  add(batch: NewBatch) {
    const { sim } = this;
    const recipe = nth(RECIPE_LIST, batch.recipe);
    const status = statusOf(batch);
    const loavesProduced =
      status === 'completed'
        ? Math.max(
            1,
            Math.round(batch.flourKg * recipe.loavesPerKgFlour * sim.random.between(0.95, 1.03)),
          )
        : null;
    const created: Batch = {
      id: sim.ids.uuid(),
      batchNumber: this.numberFor(batch.createdAt),
      recipe: batch.recipe,
      flourKg: batch.flourKg,
      status,
      createdAt: batch.createdAt,
      startedAt: batch.startedAt,
      completedAt: batch.completedAt,
      cancelledAt: batch.cancelledAt,
      loavesProduced,
      notes: batch.notes,
      // The morning shift (Tunde) and the afternoon shift (Ibrahim).
      userId:
        batch.createdAt.getTime() - sim.calendar.at(batch.day, 0).getTime() < hour(10) * MINUTE
          ? sim.userIds.tunde_baker
          : sim.userIds.ibrahim_baker,
    };
    this.batches.push(created);
    this.takeIngredients(created, recipe);
  }

  private numberFor(createdAt: Date) {
    const batchNumber = freeBatchNumber(
      defaultBatchNumber(createdAt, this.sim.calendar.timeZone),
      this.takenNumbers,
    );
    this.takenNumbers.add(batchNumber.toLowerCase());
    return batchNumber;
  }

  /** The recipe scaled by the batch's flour, in each item's unit (as createBatch does). */
  private takeIngredients(batch: Batch, recipe: CatalogRecipe) {
    for (const line of recipe.ingredients) {
      const item = itemIndex.get(line.item) as number;
      const needed = scaledRequirement(
        { itemId: nth(this.sim.itemIds, item), quantity: line.quantity, unit: line.unit },
        recipe.baseFlourKg,
        batch.flourKg,
        nth(ITEMS, item).unit,
      );
      const reference = { type: 'production_batch' as const, id: batch.id };
      const taken = { item, reference, userId: batch.userId };
      this.sim.stock.move({
        ...taken,
        milli: -toMilli(needed),
        reason: 'production',
        at: batch.createdAt,
      });
      if (batch.cancelledAt) {
        this.sim.stock.move({
          ...taken,
          milli: toMilli(needed),
          reason: 'production_cancelled',
          at: batch.cancelledAt,
        });
      }
    }
  }
}

/** Which bread goes in the oven when (minutes after midnight) on day k. */
function slotsOf(sim: Simulation, k: number): [number, number][] {
  const weekday = sim.calendar.weekday(k);
  if (weekday === 0) {
    return [
      [AGEGE, hour(4)],
      [SLICED, hour(6)],
      [MILK, hour(7)],
    ];
  }
  const slots: [number, number][] = [
    [AGEGE, hour(BAKERY_HOURS.productionStart)],
    [SLICED, hour(5)],
    [MILK, hour(6.5)],
    [AGEGE, hour(11)],
  ];
  if (sim.random.chance(0.75)) slots.push([COCONUT, hour(8)]);
  if (sim.random.chance(0.6)) slots.push([SLICED, hour(13)]);
  if (weekday === 6) slots.push([AGEGE, hour(14)]);
  return slots;
}

/** One slot's batch: a past day's finished (or cancelled), today's only as far as it has got by now. */
function bakeSlot(
  sim: Simulation,
  bakehouse: Bakehouse,
  k: number,
  [recipe, slot]: [number, number],
) {
  const { random, calendar } = sim;
  const r = nth(RECIPE_LIST, recipe);
  const flourKg = random.pick(r.batchFlourKg);
  const start = calendar.at(k, slot + random.int(0, 20));
  const createdAt = new Date(start.getTime() - random.int(15, 45) * MINUTE);
  const duration = r.estimatedDuration + random.int(-20, 40);
  const completion = new Date(start.getTime() + duration * MINUTE);
  const cancelled = random.chance(0.03);
  const startedBeforeCancel = random.chance(0.5);
  const cancelAfter = random.int(40, 120);
  const note = random.chance(0.12) ? random.pick(BATCH_NOTES) : null;
  const cancelNote = random.pick(CANCEL_NOTES);
  const batch = { day: k, recipe, flourKg, createdAt, cancelledAt: null };
  if (k === calendar.today) {
    if (!calendar.notAfterNow(createdAt)) return;
    const startedAt = calendar.notAfterNow(start) ? start : null;
    const completedAt = calendar.notAfterNow(completion) ? completion : null;
    bakehouse.add({ ...batch, startedAt, completedAt, notes: note });
  } else if (cancelled) {
    const startedAt = startedBeforeCancel ? start : null;
    const cancelledAt = new Date((startedAt ?? createdAt).getTime() + cancelAfter * MINUTE);
    bakehouse.add({ ...batch, startedAt, completedAt: null, cancelledAt, notes: cancelNote });
  } else {
    bakehouse.add({ ...batch, startedAt: start, completedAt: completion, notes: note });
  }
}

/** A couple of batches are always under way at the moment the demo ends. */
function keepTodayBusy(sim: Simulation, bakehouse: Bakehouse) {
  const { calendar } = sim;
  const { now, today } = calendar;
  const todays = bakehouse.batches.filter((b) => b.createdAt >= calendar.at(today, 0));
  const none = { completedAt: null, cancelledAt: null };
  if (!todays.some((b) => b.status === 'in_progress')) {
    const startedAt = new Date(now.getTime() - 55 * MINUTE);
    const createdAt = new Date(startedAt.getTime() - 20 * MINUTE);
    bakehouse.add({
      ...none,
      day: today,
      recipe: AGEGE,
      flourKg: 50,
      createdAt,
      startedAt,
      notes: 'Night shift batch',
    });
  }
  if (!todays.some((b) => b.status === 'planned')) {
    const createdAt = new Date(now.getTime() - 10 * MINUTE);
    bakehouse.add({
      ...none,
      day: today,
      recipe: SLICED,
      flourKg: 25,
      createdAt,
      startedAt: null,
      notes: null,
    });
  }
}

/** Every batch of the demo's days, in the order they were created. */
export function bake(sim: Simulation): Batch[] {
  const bakehouse = new Bakehouse(sim);
  for (let k = 0; k <= sim.calendar.today; k++) {
    for (const slot of slotsOf(sim, k)) bakeSlot(sim, bakehouse, k, slot);
  }
  keepTodayBusy(sim, bakehouse);
  return bakehouse.batches;
}

export function recipeRows(plan: Plan) {
  const itemIdByKey = new Map(ITEMS.map((item, i) => [item.key, nth(plan.itemIds, i)]));
  return RECIPE_LIST.map((recipe, r) => ({
    id: nth(plan.recipeIds, r),
    name: recipe.name,
    description: recipe.description,
    baseFlourKg: recipe.baseFlourKg,
    // The yield the baker set, which the bake plan turns loaves into flour with.
    loavesPerKg: recipe.loavesPerKgFlour,
    shelfLifeDays: recipe.shelfLifeDays,
    ingredients: recipe.ingredients.map((line) => ({
      itemId: itemIdByKey.get(line.item) as string,
      quantity: line.quantity,
      unit: line.unit,
    })),
    instructions: recipe.instructions,
    estimatedDuration: recipe.estimatedDuration,
    createdAt: plan.calendar.at(0, SETUP.recipes),
    updatedAt: plan.calendar.at(0, SETUP.recipes),
  }));
}

export function batchRows(plan: Plan) {
  return plan.batches.map((batch) => ({
    id: batch.id,
    batchNumber: batch.batchNumber,
    recipeId: nth(plan.recipeIds, batch.recipe),
    recipeName: nth(RECIPE_LIST, batch.recipe).name,
    flourKg: batch.flourKg,
    doughSizeGrams: nth(RECIPE_LIST, batch.recipe).doughSizeGrams,
    status: batch.status,
    startedAt: batch.startedAt,
    completedAt: batch.completedAt,
    loavesProduced: batch.loavesProduced,
    notes: batch.notes,
    createdAt: batch.createdAt,
  }));
}
