/** Reading the order book of a day from the database, and the day's state against the clock. */
import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderBook } from '../../../domain/contracts/orders';
import {
  addDays,
  type BookLine,
  isOrderDayOpen,
  orderBook,
  orderCutoffInstant,
  weekdayOf,
} from '../../../domain/orders';
import { businessDate } from '../../../domain/time';
import type { Database, Transaction } from '../../db/connection';
import { readTogether } from '../../db/reads-together';
import { distributors, orderChanges, orderPauses, recipes, standingOrders } from '../../db/schema';
import { readOrderCutoff } from '../admin/settings';
import { offeredBreads } from '../recipes/service';

export interface OrdersContext {
  db: Database;
  timeZone: string;
  now: () => number;
}

export const todayOf = (ctx: OrdersContext) => businessDate(new Date(ctx.now()), ctx.timeZone);

/** The lines of a day's book: every active distributor's, or the one named. */
export async function bookLines(
  db: Database | Transaction,
  day: string,
  distributorId?: string,
): Promise<{ breads: string[]; lines: BookLine[]; totals: Map<string, number> }> {
  const only = (column: AnyPgColumn) =>
    distributorId === undefined ? undefined : eq(column, distributorId);
  const [breads, active, standing, pauses, changes] = await readTogether(db, [
    () => offeredBreads(db),
    () =>
      db
        .select({ id: distributors.id, name: distributors.name })
        .from(distributors)
        .where(and(eq(distributors.archived, false), only(distributors.id)))
        .orderBy(asc(distributors.name), asc(distributors.id)),
    () =>
      db
        .select()
        .from(standingOrders)
        .where(and(eq(standingOrders.weekday, weekdayOf(day)), only(standingOrders.distributorId))),
    () =>
      db
        .select()
        .from(orderPauses)
        .where(
          and(
            lte(orderPauses.fromDay, day),
            gte(orderPauses.toDay, day),
            only(orderPauses.distributorId),
          ),
        ),
    () =>
      db
        .select()
        .from(orderChanges)
        .where(and(eq(orderChanges.day, day), only(orderChanges.distributorId))),
  ]);
  return { breads, ...orderBook({ day, breads, distributors: active, standing, pauses, changes }) };
}

/** Where a day stands against the clock: its cut-off, whether it has closed or is over. */
export async function dayState(db: Database | Transaction, ctx: OrdersContext, day: string) {
  const cutoffTime = await readOrderCutoff(db);
  const now = new Date(ctx.now());
  return {
    cutoffTime,
    cutoffAt: orderCutoffInstant(day, cutoffTime, ctx.timeZone),
    closed: !isOrderDayOpen(day, cutoffTime, ctx.timeZone, now),
    past: day < todayOf(ctx),
  };
}

/** The order book of a day, tomorrow unless given. */
export async function readBook(ctx: OrdersContext, day?: string): Promise<OrderBook> {
  const date = day ?? addDays(todayOf(ctx), 1);
  const [{ breads, lines, totals }, state] = await readTogether(ctx.db, [
    () => bookLines(ctx.db, date),
    () => dayState(ctx.db, ctx, date),
  ]);
  const totalRows = [...totals].map(([recipeName, loaves]) => ({ recipeName, loaves }));
  return {
    day: date,
    weekday: weekdayOf(date),
    breads,
    lines,
    totals: totalRows,
    total: totalRows.reduce((sum, row) => sum + row.loaves, 0),
    ...state,
    cutoffAt: state.cutoffAt.toISOString(),
  };
}

/** Which of these breads are not offered: a standing order or change must name a recipe in use. */
export async function unknownBreads(db: Database | Transaction, names: readonly string[]) {
  if (names.length === 0) return [];
  const found = await db
    .selectDistinct({ name: recipes.name })
    .from(recipes)
    .where(and(isNull(recipes.deletedAt), inArray(recipes.name, [...names])));
  const known = new Set(found.map((row) => row.name));
  return names.flatMap((name, index) => (known.has(name) ? [] : [{ name, index }]));
}
