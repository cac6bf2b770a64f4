/**
 * The order book behind the demo's wholesale days: each open distributor's
 * standing orders sized from what it collected over the last four weeks, a
 * small distributor's holiday pause next week, and a big customer's one-off
 * extra loaves tomorrow.
 */
import { DISTRIBUTORS } from '../catalog';
import { isActive } from './accounts';
import { RECIPE_LIST } from './baking';
import { hour } from './calendar';
import { nth } from './records';
import type { Plan } from './simulate';

const WEEKS = 4;
/** The standing order covers most of a day's collections; the rest is bought over the counter. */
const STANDING_SHARE = 0.85;
const PAUSED = { name: 'Iya Bisi Ventures', fromDaysAhead: 4, toDaysAhead: 10 };
const PAUSE_REASON = 'Travelling home to Ogbomosho for a burial';
const EXTRA = { name: 'Mama Titi Bread Depot', bread: 'Agege Bread', loaves: 60 };

const distributorIndex = (name: string) => DISTRIBUTORS.findIndex((d) => d.name === name);
/** ISO weekday (1 Monday … 7 Sunday) of a calendar weekday (0 Sunday). */
const isoWeekday = (weekday: number) => (weekday === 0 ? 7 : weekday);
/** Orders are placed in fives. */
const roundToFive = (loaves: number) => Math.round(loaves / 5) * 5;

/** Loaves each open distributor takes of each bread on each ISO weekday, the last four weeks' average. */
function weeklyLoaves(plan: Plan) {
  const { calendar } = plan;
  const since = calendar.today - WEEKS * 7;
  const totals = DISTRIBUTORS.map(() => RECIPE_LIST.map(() => Array<number>(7).fill(0)));
  for (const sale of plan.sales) {
    const k = calendar.dayOf(sale.at);
    if (k < since || k >= calendar.today) continue;
    const days = nth(nth(totals, sale.distributor), sale.recipe);
    const w = isoWeekday(calendar.weekday(k)) - 1;
    days[w] = nth(days, w) + sale.loavesTaken;
  }
  return totals.map((breads) =>
    breads.map((days) => days.map((loaves) => roundToFive((loaves / WEEKS) * STANDING_SHARE))),
  );
}

export function standingOrderRows(plan: Plan) {
  const { calendar } = plan;
  const weekly = weeklyLoaves(plan);
  const updatedAt = calendar.at(calendar.today - WEEKS * 7, hour(17));
  return DISTRIBUTORS.flatMap((_, d) =>
    isActive(nth(plan.distributorLives, d), calendar.today)
      ? RECIPE_LIST.flatMap((recipe, r) =>
          nth(nth(weekly, d), r).some((loaves) => loaves > 0)
            ? nth(nth(weekly, d), r).map((loaves, w) => ({
                distributorId: nth(plan.distributorIds, d),
                recipeName: recipe.name,
                weekday: w + 1,
                loaves,
                updatedAt,
                updatedBy: plan.userIds.funmi_manager,
              }))
            : [],
        )
      : [],
  );
}

export function pauseRows(plan: Plan) {
  const { calendar } = plan;
  return [
    {
      distributorId: nth(plan.distributorIds, distributorIndex(PAUSED.name)),
      fromDay: calendar.dateAfter(calendar.today, PAUSED.fromDaysAhead),
      toDay: calendar.dateAfter(calendar.today, PAUSED.toDaysAhead),
      reason: PAUSE_REASON,
      createdAt: calendar.at(calendar.today - 2, hour(11)),
      createdBy: plan.userIds.ngozi_sales,
    },
  ];
}

/** Tomorrow the big customer takes extra loaves for a church harvest, over its standing order. */
export function changeRows(plan: Plan) {
  const { calendar } = plan;
  const d = distributorIndex(EXTRA.name);
  const r = RECIPE_LIST.findIndex((recipe) => recipe.name === EXTRA.bread);
  const tomorrow = calendar.dateAfter(calendar.today, 1);
  const weekday = isoWeekday(new Date(`${tomorrow}T12:00:00Z`).getUTCDay());
  return [
    {
      distributorId: nth(plan.distributorIds, d),
      recipeName: EXTRA.bread,
      day: tomorrow,
      loaves: nth(nth(nth(weeklyLoaves(plan), d), r), weekday - 1) + EXTRA.loaves,
      updatedAt: calendar.at(calendar.today - 1, hour(16)),
      updatedBy: plan.userIds.ngozi_sales,
    },
  ];
}
