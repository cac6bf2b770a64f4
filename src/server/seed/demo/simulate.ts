/**
 * The bakery's last DEMO_DAYS days, simulated in memory with a seeded random generator
 * (the same `now` gives the same data). Each activity runs over all the days
 * in turn, in this order, because each needs what the ones before made
 * (buying reorders what baking used; selling sells what was baked) and the
 * draws from the one generator must come in the same order every time.
 */
import { DISTRIBUTORS, INVENTORY_ITEMS, RECIPES } from '../catalog';
import { Random } from '../random';
import { type DistributorLife, distributorLives } from './accounts';
import { bake } from './baking';
import { buy } from './buying';
import { Calendar } from './calendar';
import { reminderIds } from './credit';
import { costWriteOffs } from './loaf-cost';
import type {
  Batch,
  CostedWriteOff,
  Movement,
  Order,
  Payment,
  Return,
  Sale,
  StalePile,
} from './records';
import { sell } from './selling';
import {
  type ItemState,
  recordOpeningStock,
  recordStockCounts,
  replayStock,
  StockLog,
} from './stock';
import { demoUserIds, type UserIds } from './users';

const SEED = 20_260_101;

/** What every activity draws on while the days are simulated. */
export interface Simulation {
  random: Random;
  /** Ids come from their own generator, so they repeat from run to run too. */
  ids: Random;
  calendar: Calendar;
  userIds: UserIds;
  itemIds: string[];
  recipeIds: string[];
  distributorIds: string[];
  stock: StockLog;
}

/** The simulated bakery, ready to be written. */
export interface Plan {
  calendar: Calendar;
  userIds: UserIds;
  itemIds: string[];
  recipeIds: string[];
  distributorIds: string[];
  movements: Movement[];
  batches: Batch[];
  orders: Order[];
  sales: Sale[];
  payments: Payment[];
  returns: Return[];
  piles: StalePile[];
  writeOffs: CostedWriteOff[];
  items: ItemState[];
  distributorLives: DistributorLife[];
  reminderIds: string[];
}

function start(now: Date, timeZone: string): Simulation {
  const ids = new Random(SEED ^ 0x5eed);
  const userIds = demoUserIds(ids);
  const itemIds = INVENTORY_ITEMS.map(() => ids.uuid());
  const recipeIds = RECIPES.map(() => ids.uuid());
  const distributorIds = DISTRIBUTORS.map(() => ids.uuid());
  return {
    random: new Random(SEED),
    ids,
    calendar: new Calendar(now, timeZone),
    userIds,
    itemIds,
    recipeIds,
    distributorIds,
    stock: new StockLog(ids),
  };
}

export function simulate(now: Date, timeZone: string): Plan {
  const sim = start(now, timeZone);
  recordOpeningStock(sim);
  const batches = bake(sim);
  recordStockCounts(sim);
  const orders = buy(sim);
  const lives = distributorLives(sim.calendar);
  const { sales, payments, returns, piles, writeOffs } = sell(sim, batches, lives);
  const items = replayStock(sim);
  const { calendar, userIds, itemIds, recipeIds, distributorIds } = sim;
  const movements = sim.stock.movements;
  return {
    calendar,
    userIds,
    itemIds,
    recipeIds,
    distributorIds,
    movements,
    batches,
    orders,
    sales,
    payments,
    returns,
    piles,
    // Priced once the receipts are replayed: a write-off costs what its bread's batch did at that moment.
    writeOffs: costWriteOffs({ batches, movements, items, itemIds }, writeOffs),
    items,
    distributorLives: lives,
    reminderIds: reminderIds(sim.ids),
  };
}
