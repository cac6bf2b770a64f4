/**
 * Waste: the stale loaves a sale or write-off sets aside are written off a
 * day or so later (mostly thrown away, some given away or eaten by the
 * staff), now and then a few loaves on sale are damaged, and most returned
 * loaves are thrown away within a few days (inside the app's 7-day window).
 */
import type { ReturnReason } from '../../../domain/distributor-schemas';
import { fromKobo, multiplyKobo } from '../../../domain/money';
import type { WasteReason } from '../../../domain/waste';
import { WASTE_NOTES } from '../catalog';
import { RECIPE_LIST } from './baking';
import { hour } from './calendar';
import { nth, type Return, type WriteOff } from './records';
import type { Shelf } from './shelf';
import type { Plan, Simulation } from './simulate';

/** A write-off planned for a moment; it takes no more loaves than are there by then. */
export interface WasteEvent {
  at: Date;
  kind: 'write_off';
  planned: Omit<WriteOff, 'id' | 'at'>;
}

/** How likely a day has a few loaves on sale damaged. */
const DAMAGED_CHANCE = 0.12;
/** How likely a return's loaves are written off (the rest a clerk never got round to). */
const RETURN_WRITTEN_OFF = 0.85;
const RETURNED_REASON: Record<ReturnReason, WasteReason> = {
  spoiled: 'stale',
  damaged: 'damaged',
  quality_issue: 'damaged',
  other: 'stale',
};

export class Waste {
  readonly writeOffs: WriteOff[] = [];
  /** Write-offs planned, by day. */
  private readonly due = new Map<number, WasteEvent[]>();

  constructor(
    private readonly sim: Simulation,
    private readonly shelf: Shelf,
  ) {}

  /** Day k's write-offs: those planned for it, and now and then a few damaged loaves on sale. */
  eventsOf(k: number): WasteEvent[] {
    const { random, calendar, userIds } = this.sim;
    const events = this.due.get(k) ?? [];
    this.due.delete(k);
    if (random.chance(DAMAGED_CHANCE)) {
      const recipe = random.weighted(RECIPE_LIST.map((bread, r) => [r, bread.share] as const));
      events.push({
        at: calendar.at(k, hour(7) + random.int(0, 600)),
        kind: 'write_off',
        planned: {
          recipe,
          loaves: random.int(2, 9),
          reason: 'damaged',
          source: 'fresh',
          returnId: null,
          notes: random.pick(WASTE_NOTES.damaged),
          userId: userIds.ngozi_sales,
        },
      });
    }
    return events;
  }

  /** What a write of a bread does first: sets aside its stale loaves, written off a day or so later. */
  settle(recipe: number, moment: Date, k: number) {
    const pile = this.shelf.settle(recipe, moment);
    if (!pile) return;
    const { random, calendar, userIds } = this.sim;
    const day = k + (random.chance(0.75) ? 1 : 2);
    // Loaves set aside lately wait on the Waste page.
    if (day > calendar.today) return;
    const reason = random.weighted<Exclude<WasteReason, 'damaged'>>([
      ['stale', 75],
      ['given_away', 15],
      ['staff', 10],
    ]);
    this.plan(day, calendar.at(day, hour(9) + random.int(0, 300)), {
      recipe,
      loaves: pile.loaves,
      reason,
      source: 'stale',
      returnId: null,
      notes: random.chance(0.6) ? random.pick(WASTE_NOTES[reason]) : null,
      userId: random.chance(0.7) ? userIds.ngozi_sales : userIds.funmi_manager,
    });
  }

  /** Most returns are thrown away one to three days after they came back. */
  returned(ret: Return, k: number) {
    const { random, calendar, userIds } = this.sim;
    if (!random.chance(RETURN_WRITTEN_OFF)) return;
    const day = k + random.int(1, 3);
    if (day > calendar.today) return;
    this.plan(day, calendar.at(day, hour(11) + random.int(0, 300)), {
      recipe: ret.recipe,
      loaves: ret.loavesReturned,
      reason: RETURNED_REASON[ret.reason],
      source: 'returned',
      returnId: ret.id,
      notes: null,
      userId: userIds.ngozi_sales,
    });
  }

  /** A planned write-off: loaves on sale only as many as there are, after setting the stale aside. */
  happen(k: number, { at, planned }: WasteEvent) {
    let { loaves } = planned;
    if (planned.source === 'fresh') {
      loaves = Math.min(loaves, this.shelf.onSale(planned.recipe, at));
      if (loaves < 1) return;
    }
    if (planned.source !== 'returned') this.settle(planned.recipe, at, k);
    if (planned.source === 'fresh') this.shelf.take(planned.recipe, loaves);
    if (planned.source === 'stale') this.shelf.writeOffStale(planned.recipe, loaves);
    this.writeOffs.push({ ...planned, id: this.sim.ids.uuid(), loaves, at });
  }

  private plan(day: number, at: Date, planned: WasteEvent['planned']) {
    this.due.set(day, [...(this.due.get(day) ?? []), { at, kind: 'write_off', planned }]);
  }
}

export function staleRows(plan: Plan) {
  return plan.piles.map((pile) => ({
    id: pile.id,
    recipeName: nth(RECIPE_LIST, pile.recipe).name,
    loaves: pile.loaves,
    staleFrom: pile.staleFrom,
    createdAt: pile.at,
  }));
}

export function wasteRows(plan: Plan) {
  return plan.writeOffs.map((writeOff) => ({
    id: writeOff.id,
    recipeName: nth(RECIPE_LIST, writeOff.recipe).name,
    loaves: writeOff.loaves,
    reason: writeOff.reason,
    source: writeOff.source,
    breadReturnId: writeOff.returnId,
    productionBatchId: writeOff.batchId,
    costPerLoaf: fromKobo(writeOff.costPerLoaf),
    cost: fromKobo(multiplyKobo(writeOff.costPerLoaf, writeOff.loaves)),
    notes: writeOff.notes,
    userId: writeOff.userId,
    createdAt: writeOff.at,
  }));
}
