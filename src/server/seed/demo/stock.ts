/** The store room: opening stock, the weekly count of consumables, and each item's stock and cost. */
import { movingAverageCost } from '../../../domain/purchase-order-schemas';
import { type CatalogItem, INVENTORY_ITEMS, SUPPLIERS } from '../catalog';
import type { Random } from '../random';
import { hour, SETUP } from './calendar';
import { fromMilli, type Movement, nth, toMilli } from './records';
import type { Plan, Simulation } from './simulate';

export const ITEMS: readonly CatalogItem[] = INVENTORY_ITEMS;

/** Each catalogue item's position, by key. */
export const itemIndex = new Map<string, number>(ITEMS.map((item, index) => [item.key, index]));

/** Every stock movement, in the order recorded; ids drawn as they are recorded. */
export class StockLog {
  readonly movements: Movement[] = [];
  private seq = 0;

  constructor(private readonly ids: Random) {}

  /** Records a movement unless it changes nothing. */
  move(movement: Omit<Movement, 'id' | 'seq'>) {
    if (movement.milli !== 0) {
      this.movements.push({ ...movement, id: this.ids.uuid(), seq: this.seq++ });
    }
  }
}

/** Opening stock, counted the evening before the first day. */
export function recordOpeningStock(sim: Simulation) {
  ITEMS.forEach((item, index) => {
    sim.stock.move({
      item: index,
      milli: toMilli(item.openingStock),
      reason: 'initial_stock',
      reference: null,
      userId: sim.userIds.demo,
      at: sim.calendar.at(0, SETUP.openingStock),
    });
  });
}

/** Consumables: a weekly stock count on Saturday evening records what was used. */
export function recordStockCounts(sim: Simulation) {
  const { calendar, random } = sim;
  let lastCount = 0;
  for (let k = 1; k <= calendar.today; k++) {
    if (calendar.weekday(k) !== 6) continue;
    const countedAt = calendar.at(k, hour(18) + random.int(0, 30));
    if (!calendar.notAfterNow(countedAt)) break;
    ITEMS.forEach((item, index) => {
      if (!(item.dailyUse > 0)) return;
      const used = item.dailyUse * (k - lastCount) * random.between(0.85, 1.15);
      const quantity = item.unit === 'units' ? Math.round(used) : Math.round(used * 10) / 10;
      sim.stock.move({
        item: index,
        milli: -toMilli(quantity),
        reason: 'manual_adjustment',
        reference: null,
        userId: sim.userIds.funmi_manager,
        at: countedAt,
      });
    });
    lastCount = k;
  }
}

export interface ItemState {
  currentStock: number;
  unitCost: number;
  updatedAt: Date;
  /** Its unit cost from the start and from each receipt on, for what a write-off cost then. */
  costs: { from: Date; unitCost: number }[];
}

/**
 * Puts the movements in time order and replays them: each item's stock, and
 * its unit cost moved by each receipt as receiving an order moves it.
 */
export function replayStock(sim: Simulation): ItemState[] {
  const { movements } = sim.stock;
  movements.sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
  const opened = sim.calendar.at(0, SETUP.openingStock);
  const states = ITEMS.map((item) => ({
    milli: 0,
    unitCost: item.unitCost,
    updatedAt: opened,
    costs: [{ from: opened, unitCost: item.unitCost }],
  }));
  for (const m of movements) {
    const state = nth(states, m.item);
    if (m.reason === 'receipt' && m.unitCost !== undefined) {
      state.unitCost = movingAverageCost(
        fromMilli(state.milli),
        state.unitCost,
        fromMilli(m.milli),
        m.unitCost,
      );
      state.costs.push({ from: m.at, unitCost: state.unitCost });
    }
    state.milli += m.milli;
    state.updatedAt = m.at;
  }
  return states.map((state) => ({
    currentStock: fromMilli(state.milli),
    unitCost: state.unitCost,
    updatedAt: state.updatedAt,
    costs: state.costs,
  }));
}

export function itemRows(plan: Plan) {
  return ITEMS.map((item, i) => ({
    id: nth(plan.itemIds, i),
    name: item.name,
    category: item.category,
    currentStock: nth(plan.items, i).currentStock,
    unit: item.unit,
    minStock: item.minStock,
    unitCost: nth(plan.items, i).unitCost,
    supplier: SUPPLIERS[item.supplier].name,
    createdAt: plan.calendar.at(0, SETUP.items),
    updatedAt: nth(plan.items, i).updatedAt,
  }));
}

export function movementRows(plan: Plan) {
  return plan.movements.map((m) => ({
    id: m.id,
    itemId: nth(plan.itemIds, m.item),
    quantityChange: fromMilli(m.milli),
    reason: m.reason,
    referenceType: m.reference?.type ?? null,
    referenceId: m.reference?.id ?? null,
    userId: m.userId,
    createdAt: m.at,
  }));
}
