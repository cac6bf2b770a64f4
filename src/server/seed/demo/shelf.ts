/**
 * The racks, as the app's bread ledger counts them: each bread's completed
 * batches, and the loaves taken off them oldest first (sold, set aside as
 * stale, written off on sale). What is left sits in the newest batches; the
 * oldest of those past their shelf life are stale, and are set aside when a
 * sale or write-off of the bread first meets them, as the sales service's
 * lockShelf does. So the app's split of the shelf agrees with the demo's.
 */
import { RECIPE_LIST } from './baking';
import { DEMO_DAYS } from './calendar';
import { type Batch, nth, type StalePile } from './records';
import type { Simulation } from './simulate';

/** A bread's completed batches, oldest first: the order the app walks them in, newest first. */
export const completedBatches = (batches: readonly Batch[], recipe: number) =>
  batches
    .filter((b) => b.recipe === recipe && b.status === 'completed')
    .sort(
      (a, b) =>
        (a.completedAt as Date).getTime() - (b.completedAt as Date).getTime() ||
        a.batchNumber.localeCompare(b.batchNumber),
    );

interface Rack {
  /** Completed batches, oldest first, and the instant each one's loaves go stale. */
  batches: Batch[];
  staleAt: number[];
  /** Batches completed so far (`next` of them) and their loaves. */
  next: number;
  made: number;
  /** Loaves taken off oldest first: sold, set aside as stale, written off on sale. */
  taken: number;
  /** The oldest batch with loaves left, and the loaves of the batches before it. */
  first: number;
  before: number;
  /** Set aside as stale, not yet written off. */
  staleWaiting: number;
}

export class Shelf {
  /** A bread's average loaves a day. */
  readonly averageLoaves: number[];
  readonly piles: StalePile[] = [];
  private readonly racks: Rack[];

  constructor(
    private readonly sim: Simulation,
    batches: readonly Batch[],
  ) {
    const { calendar } = sim;
    this.racks = RECIPE_LIST.map((recipe, r) => {
      const completed = completedBatches(batches, r);
      return {
        batches: completed,
        // The bakery midnight starting the completion day + the shelf life (the domain's
        // staleFrom, read off the calendar's midnights); after the demo's last day, never.
        staleAt: completed.map((b) => {
          const day = calendar.days[calendar.dayOf(b.completedAt as Date) + recipe.shelfLifeDays];
          return day ? day.start.getTime() : Number.POSITIVE_INFINITY;
        }),
        next: 0,
        made: 0,
        taken: 0,
        first: 0,
        before: 0,
        staleWaiting: 0,
      };
    });
    this.averageLoaves = this.racks.map(
      (rack) => rack.batches.reduce((sum, b) => sum + (b.loavesProduced as number), 0) / DEMO_DAYS,
    );
  }

  /** Loaves of a bread on sale at `moment` (asked in time order): not sold, not stale. */
  onSale(recipe: number, moment: Date) {
    const rack = this.rackAt(recipe, moment);
    return rack.made - rack.taken - this.goneStale(rack, moment).loaves;
  }

  /** Loaves of a bread set aside as stale and not yet written off. */
  staleWaiting(recipe: number) {
    return nth(this.racks, recipe).staleWaiting;
  }

  /** What a write of the bread does first: sets aside the loaves gone stale since; answers that pile. */
  settle(recipe: number, moment: Date): StalePile | null {
    const rack = this.rackAt(recipe, moment);
    const gone = this.goneStale(rack, moment);
    if (gone.loaves === 0 || gone.staleFrom === null) return null;
    rack.taken += gone.loaves;
    rack.staleWaiting += gone.loaves;
    const pile = {
      id: this.sim.ids.uuid(),
      recipe,
      loaves: gone.loaves,
      staleFrom: new Date(gone.staleFrom),
      at: moment,
    };
    this.piles.push(pile);
    return pile;
  }

  /** Takes loaves on sale (settled first) off the oldest batch on; answers that batch. */
  take(recipe: number, loaves: number): string {
    const rack = nth(this.racks, recipe);
    const batch = nth(rack.batches, this.oldest(rack));
    rack.taken += loaves;
    return batch.id;
  }

  writeOffStale(recipe: number, loaves: number) {
    nth(this.racks, recipe).staleWaiting -= loaves;
  }

  /** The rack with the batches completed by `moment` brought in. */
  private rackAt(recipe: number, moment: Date) {
    const rack = nth(this.racks, recipe);
    for (let batch = rack.batches[rack.next]; batch?.completedAt && batch.completedAt <= moment; ) {
      rack.made += batch.loavesProduced ?? 0;
      rack.next++;
      batch = rack.batches[rack.next];
    }
    return rack;
  }

  /** The index of the oldest batch with loaves left. */
  private oldest(rack: Rack) {
    for (let batch = rack.batches[rack.first]; batch; batch = rack.batches[rack.first]) {
      const loaves = batch.loavesProduced as number;
      if (rack.before + loaves > rack.taken) return rack.first;
      rack.before += loaves;
      rack.first++;
    }
    throw new Error('no batch has loaves left');
  }

  /** The loaves left in batches past their shelf life at `moment`: always the oldest ones. */
  private goneStale(rack: Rack, moment: Date) {
    let loaves = 0;
    let newest: number | null = null;
    if (rack.made === rack.taken) return { loaves, staleFrom: newest };
    let upTo = rack.before;
    for (let i = this.oldest(rack); i < rack.next; i++) {
      const at = nth(rack.staleAt, i);
      if (at > moment.getTime()) break;
      const batchLoaves = nth(rack.batches, i).loavesProduced as number;
      loaves += upTo + batchLoaves - Math.max(upTo, rack.taken);
      upTo += batchLoaves;
      newest = at;
    }
    return { loaves, staleFrom: newest };
  }
}
