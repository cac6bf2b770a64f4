import { and, asc, eq, gte } from 'drizzle-orm';
import type { OrderPause, StandingGrid } from '../../../domain/contracts/orders';
import type { DayOrderInput, PauseInput, StandingOrderInput } from '../../../domain/order-schemas';
import { addDays, type BookLine, closedDaysFrom, withoutChange } from '../../../domain/orders';
import { hasRight } from '../../../domain/permissions';
import { formatClock } from '../../../domain/time';
import type { CurrentUser } from '../../../domain/user';
import type { Database, Transaction } from '../../db/connection';
import { readTogether } from '../../db/reads-together';
import { distributors, orderChanges, orderPauses, standingOrders } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { readOrderCutoff } from '../admin/settings';
import { bookLines, dayState, type OrdersContext, todayOf, unknownBreads } from './book';

/** Locks the distributor, so that writes to its orders take turns; an archived one takes none. */
async function activeDistributor(tx: Transaction, id: string) {
  const [row] = await tx.select().from(distributors).where(eq(distributors.id, id)).for('update');
  if (!row) throw notFound('Distributor');
  if (row.archived) {
    throw new AppError(
      'DISTRIBUTOR_ARCHIVED',
      `${row.name} is archived and takes no orders; unarchive first`,
    );
  }
  return row;
}

async function refuseUnknownBreads(tx: Transaction, breads: readonly { recipeName: string }[]) {
  const unknown = await unknownBreads(
    tx,
    breads.map((bread) => bread.recipeName),
  );
  if (unknown.length === 0) return;
  throw badRequest(
    'Some breads are not on offer',
    unknown.map(({ name, index }) => ({
      path: `breads.${index}.recipeName`,
      message: `${name} is not a bread on offer (no recipe of that name)`,
    })),
  );
}

async function upsertChange(
  tx: Transaction,
  change: { distributorId: string; recipeName: string; day: string; loaves: number },
  userId: string,
) {
  await tx
    .insert(orderChanges)
    .values({ ...change, updatedBy: userId })
    .onConflictDoUpdate({
      target: [orderChanges.distributorId, orderChanges.recipeName, orderChanges.day],
      set: { loaves: change.loaves, updatedAt: new Date(), updatedBy: userId },
    });
}

/**
 * Runs a change of standing orders or pauses without touching the days whose
 * orders have closed (today, and tomorrow after today's cut-off): whatever
 * such a day ordered before is kept as that day's change (docs/rules/orders.md).
 */
async function keepingClosedDays(
  tx: Transaction,
  ctx: OrdersContext,
  distributorId: string,
  userId: string,
  write: () => Promise<void>,
) {
  const cutoff = await readOrderCutoff(tx);
  const days = closedDaysFrom(todayOf(ctx), cutoff, ctx.timeZone, new Date(ctx.now()));
  const lineOn = async (day: string) => (await bookLines(tx, day, distributorId)).lines[0];
  const before = await readTogether(
    tx,
    days.map((day) => () => lineOn(day)),
  );
  await write();
  for (const [index, day] of days.entries()) {
    const after = await lineOn(day);
    for (const bread of before[index]?.breads ?? []) {
      const now = after?.breads.find((b) => b.recipeName === bread.recipeName);
      if (now?.ordered === bread.ordered) continue;
      await upsertChange(
        tx,
        { distributorId, recipeName: bread.recipeName, day, loaves: bread.ordered },
        userId,
      );
    }
  }
}

function gridOf(
  distributor: { id: string; name: string },
  rows: readonly { recipeName: string; weekday: number; loaves: number }[],
): StandingGrid {
  const breads = new Map<string, number[]>();
  for (const row of rows) {
    const days = breads.get(row.recipeName) ?? [0, 0, 0, 0, 0, 0, 0];
    days[row.weekday - 1] = row.loaves;
    breads.set(row.recipeName, days);
  }
  return {
    distributorId: distributor.id,
    name: distributor.name,
    breads: [...breads]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([recipeName, days]) => ({ recipeName, days })),
  };
}

/** Every active distributor's week, by name. */
export async function standingGrids(db: Database): Promise<StandingGrid[]> {
  const [active, rows] = await Promise.all([
    db
      .select({ id: distributors.id, name: distributors.name })
      .from(distributors)
      .where(eq(distributors.archived, false))
      .orderBy(asc(distributors.name), asc(distributors.id)),
    db.select().from(standingOrders),
  ]);
  return active.map((distributor) =>
    gridOf(
      distributor,
      rows.filter((row) => row.distributorId === distributor.id),
    ),
  );
}

/** The distributor's standing orders become these, all at once; a week of 0s is no order. */
export async function replaceStanding(
  ctx: OrdersContext,
  id: string,
  input: StandingOrderInput,
  user: CurrentUser,
): Promise<StandingGrid> {
  return ctx.db.transaction(async (tx) => {
    const distributor = await activeDistributor(tx, id);
    await refuseUnknownBreads(tx, input.breads);
    const rows = input.breads.flatMap(({ recipeName, days }) =>
      days.flatMap((loaves, index) =>
        loaves > 0
          ? [{ distributorId: id, recipeName, weekday: index + 1, loaves, updatedBy: user.id }]
          : [],
      ),
    );
    await keepingClosedDays(tx, ctx, id, user.id, async () => {
      await tx.delete(standingOrders).where(eq(standingOrders.distributorId, id));
      if (rows.length > 0) await tx.insert(standingOrders).values(rows);
    });
    return gridOf(distributor, rows);
  });
}

const pauseColumns = {
  id: orderPauses.id,
  distributorId: orderPauses.distributorId,
  distributorName: distributors.name,
  fromDay: orderPauses.fromDay,
  toDay: orderPauses.toDay,
  reason: orderPauses.reason,
  createdAt: orderPauses.createdAt,
};
type PauseRow = { createdAt: Date } & Omit<OrderPause, 'createdAt'>;
const toPause = (row: PauseRow): OrderPause => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Pauses not over yet (ending today or later), by first day. */
export async function listPauses(ctx: OrdersContext, distributorId?: string) {
  const rows = await ctx.db
    .select(pauseColumns)
    .from(orderPauses)
    .innerJoin(distributors, eq(distributors.id, orderPauses.distributorId))
    .where(
      and(
        gte(orderPauses.toDay, todayOf(ctx)),
        distributorId === undefined ? undefined : eq(orderPauses.distributorId, distributorId),
      ),
    )
    .orderBy(asc(orderPauses.fromDay), asc(distributors.name));
  return rows.map(toPause);
}

const pastDay = (path: string, message: string) =>
  new AppError('ORDER_DAY_PAST', message, [{ path, message }]);

export async function addPause(
  ctx: OrdersContext,
  input: PauseInput & { reason: string | null },
  user: CurrentUser,
): Promise<OrderPause> {
  if (input.fromDay < todayOf(ctx)) {
    throw pastDay('fromDay', 'A pause cannot start before today');
  }
  return ctx.db.transaction(async (tx) => {
    const distributor = await activeDistributor(tx, input.distributorId);
    let created: PauseRow | undefined;
    await keepingClosedDays(tx, ctx, distributor.id, user.id, async () => {
      const [row] = await tx
        .insert(orderPauses)
        .values({ ...input, createdBy: user.id })
        .returning();
      if (row) created = { ...row, distributorName: distributor.name };
    });
    if (!created) throw new Error('insert returned no row');
    return toPause(created);
  });
}

/**
 * A pause not begun is removed; one under way ends yesterday (the days it
 * already held back stay as they were); one over is history and stays.
 */
export async function removePause(ctx: OrdersContext, id: string, user: CurrentUser) {
  const today = todayOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const [pause] = await tx.select().from(orderPauses).where(eq(orderPauses.id, id));
    if (!pause) throw notFound('Pause');
    if (pause.toDay < today) throw pastDay('id', 'This pause is over and stays as history');
    await activeDistributor(tx, pause.distributorId);
    await keepingClosedDays(tx, ctx, pause.distributorId, user.id, async () => {
      if (pause.fromDay < today) {
        await tx
          .update(orderPauses)
          .set({ toDay: addDays(today, -1) })
          .where(eq(orderPauses.id, id));
      } else {
        await tx.delete(orderPauses).where(eq(orderPauses.id, id));
      }
    });
    return {
      message:
        pause.fromDay < today
          ? `The pause now ends on ${addDays(today, -1)}`
          : 'The pause was removed',
    };
  });
}

/** Says who may still change a closed day, and since when it is closed. */
function closedMessage(day: string, cutoffAt: Date, cutoffTime: string, timeZone: string) {
  const on = (at: Date) => formatClock(at, timeZone).shortDate;
  const dayStart = new Date(`${day}T12:00:00Z`);
  return (
    `Orders for ${on(dayStart)} closed at ${cutoffTime} on ${on(cutoffAt)}: ` +
    'only a manager (Sales delete right) can still change them'
  );
}

/**
 * One distributor's loaves of the breads listed for the day. A bread set to
 * what it would order anyway (its standing order, or 0 when paused) keeps no
 * change, so a later standing order applies to it.
 */
export async function setDayOrder(
  ctx: OrdersContext,
  id: string,
  input: DayOrderInput,
  user: CurrentUser,
): Promise<BookLine> {
  const state = await dayState(ctx.db, ctx, input.day);
  if (state.past) throw pastDay('day', 'Orders of a day before today cannot be changed');
  if (state.closed && !hasRight(user, 'sales', 'delete')) {
    throw new AppError(
      'ORDER_DAY_CLOSED',
      closedMessage(input.day, state.cutoffAt, state.cutoffTime, ctx.timeZone),
    );
  }
  return ctx.db.transaction(async (tx) => {
    await activeDistributor(tx, id);
    await refuseUnknownBreads(tx, input.breads);
    const [line] = (await bookLines(tx, input.day, id)).lines;
    if (!line) throw notFound('Distributor');
    for (const { recipeName, loaves } of input.breads) {
      const key = { distributorId: id, recipeName, day: input.day };
      if (loaves === withoutChange(line, recipeName)) {
        await tx
          .delete(orderChanges)
          .where(
            and(
              eq(orderChanges.distributorId, id),
              eq(orderChanges.recipeName, recipeName),
              eq(orderChanges.day, input.day),
            ),
          );
      } else {
        await upsertChange(tx, { ...key, loaves }, user.id);
      }
    }
    const [after] = (await bookLines(tx, input.day, id)).lines;
    if (!after) throw notFound('Distributor');
    return after;
  });
}
