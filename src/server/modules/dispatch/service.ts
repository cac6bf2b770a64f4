/** Dispatch: a day's loading list and delivery notes, and loading a distributor's order as its sales. */
import { and, asc, eq } from 'drizzle-orm';
import type { DeliveryNote, DispatchDay } from '../../../domain/contracts/dispatch';
import { type DispatchInput, loadingList, planDispatch } from '../../../domain/dispatch';
import { fromKobo, sumKobo, sumNaira, toKobo } from '../../../domain/money';
import { loavesValue } from '../../../domain/sales-schemas';
import type { CurrentUser } from '../../../domain/user';
import type { Database, Transaction } from '../../db/connection';
import { readTogether } from '../../db/reads-together';
import { dispatchLines, distributors } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { checkCredit } from '../credit/service';
import { bookLines, type OrdersContext, todayOf } from '../orders/book';
import { salePrice } from '../prices/service';
import { insertSale } from '../sales/service';
import { loavesOnSaleByBread, type ShelfClock } from '../sales/shelf';

type Line = DeliveryNote['lines'][number];

const shelfClock = (ctx: OrdersContext): ShelfClock => ({
  timeZone: ctx.timeZone,
  now: new Date(ctx.now()),
});

function note(
  head: { distributorId: string; name: string; address: string | null },
  lines: Line[],
  dispatchedAt: Date | null,
): DeliveryNote {
  const dispatched = dispatchedAt !== null;
  return {
    ...head,
    dispatched,
    dispatchedAt: dispatchedAt?.toISOString() ?? null,
    lines,
    totalOrdered: lines.reduce((sum, line) => sum + line.ordered, 0),
    totalLoaded: lines.reduce((sum, line) => sum + (line.loaded ?? 0), 0),
    totalValue: fromKobo(sumKobo(lines.map((line) => toKobo(line.value ?? 0)))),
  };
}

/** The delivery notes already made that day, by distributor. */
async function madeNotes(
  db: Database | Transaction,
  day: string,
  left: ReadonlyMap<string, number>,
  only?: string,
) {
  const rows = await db
    .select({
      line: dispatchLines,
      name: distributors.name,
      address: distributors.address,
    })
    .from(dispatchLines)
    .innerJoin(distributors, eq(distributors.id, dispatchLines.distributorId))
    .where(
      and(
        eq(dispatchLines.day, day),
        only === undefined ? undefined : eq(dispatchLines.distributorId, only),
      ),
    )
    .orderBy(asc(distributors.name), asc(dispatchLines.recipeName));
  const notes = new Map<string, DeliveryNote>();
  for (const { line, name, address } of rows) {
    const head = { distributorId: line.distributorId, name, address };
    const made = notes.get(line.distributorId) ?? note(head, [], line.createdAt);
    const lines = [
      ...made.lines,
      {
        recipeName: line.recipeName,
        ordered: line.loavesOrdered,
        loaded: line.loavesLoaded,
        available: left.get(line.recipeName) ?? 0,
        pricePerLoaf: line.pricePerLoaf,
        value: loavesValue(line.loavesLoaded, line.pricePerLoaf),
      },
    ];
    notes.set(line.distributorId, note(head, lines, line.createdAt));
  }
  return notes;
}

/** A distributor's note before dispatch: the book's loaves at the price in force that day. */
async function pendingNote(
  db: Database | Transaction,
  day: string,
  head: { distributorId: string; name: string; address: string | null },
  ordered: ReadonlyMap<string, number>,
  left: ReadonlyMap<string, number>,
): Promise<DeliveryNote> {
  const lines: Line[] = [];
  for (const [recipeName, loaves] of ordered) {
    const { pricePerLoaf } = await salePrice(
      db,
      { distributorId: head.distributorId, recipeName },
      day,
    );
    lines.push({
      recipeName,
      ordered: loaves,
      loaded: null,
      available: left.get(recipeName) ?? 0,
      pricePerLoaf,
      value: pricePerLoaf === null ? null : loavesValue(loaves, pricePerLoaf),
    });
  }
  return note(head, lines, null);
}

/** Each bread's loaves ordered by the distributors of the book (none ordered left out). */
const orderedOf = (breads: readonly { recipeName: string; ordered: number }[]) =>
  new Map(breads.filter((b) => b.ordered > 0).map((b) => [b.recipeName, b.ordered]));

/**
 * The day's delivery notes: the ones made, and for every active distributor
 * with loaves ordered and no dispatch yet, what its order would load.
 */
export async function dispatchDay(ctx: OrdersContext, date?: string): Promise<DispatchDay> {
  const day = date ?? todayOf(ctx);
  const left = await loavesOnSaleByBread(ctx.db, shelfClock(ctx));
  const [made, book, addresses] = await readTogether(ctx.db, [
    () => madeNotes(ctx.db, day, left),
    () => bookLines(ctx.db, day),
    () => ctx.db.select({ id: distributors.id, address: distributors.address }).from(distributors),
  ]);
  const addressOf = new Map(addresses.map((row) => [row.id, row.address]));
  const notes: DeliveryNote[] = [];
  for (const line of book.lines) {
    if (made.has(line.distributorId)) continue;
    const ordered = orderedOf(line.breads);
    if (ordered.size === 0) continue;
    const head = {
      distributorId: line.distributorId,
      name: line.name,
      address: addressOf.get(line.distributorId) ?? null,
    };
    notes.push(await pendingNote(ctx.db, day, head, ordered, left));
  }
  notes.push(...made.values());
  notes.sort(
    (a, b) => a.name.localeCompare(b.name) || a.distributorId.localeCompare(b.distributorId),
  );
  return { day, isToday: day === todayOf(ctx), loading: loadingList(notes, left), notes };
}

/** Exclusive lock: a second dispatch of the distributor waits, then finds the first. */
async function distributorToDispatch(tx: Transaction, id: string) {
  const [row] = await tx
    .select({
      name: distributors.name,
      address: distributors.address,
      archived: distributors.archived,
      creditLimit: distributors.creditLimit,
    })
    .from(distributors)
    .where(eq(distributors.id, id))
    .for('update');
  if (!row) throw notFound('Distributor');
  if (row.archived) {
    throw new AppError('DISTRIBUTOR_ARCHIVED', `${row.name} is archived and is not dispatched to`);
  }
  return row;
}

/** Refused when the distributor was dispatched that day already. */
async function refuseSecondDispatch(tx: Transaction, day: string, id: string, name: string) {
  const [already] = await tx
    .select({ id: dispatchLines.id })
    .from(dispatchLines)
    .where(and(eq(dispatchLines.day, day), eq(dispatchLines.distributorId, id)))
    .limit(1);
  if (already) {
    throw new AppError(
      'DISPATCH_ALREADY_MADE',
      `${name}'s dispatch of ${day} has been made already`,
    );
  }
}

/** The lines to record, every bread ordered at its price, or each refused field. */
async function linesToLoad(
  tx: Transaction,
  distributor: { id: string; name: string },
  input: DispatchInput,
  clock: ShelfClock,
) {
  const { lines } = await bookLines(tx, input.day, distributor.id);
  const ordered = orderedOf(lines[0]?.breads ?? []);
  if (ordered.size === 0) {
    throw badRequest(`${distributor.name} has no loaves ordered on ${input.day}`);
  }
  const prices = new Map<string, number | null>();
  for (const recipeName of ordered.keys()) {
    const price = await salePrice(tx, { distributorId: distributor.id, recipeName }, input.day);
    prices.set(recipeName, price.pricePerLoaf);
  }
  const available = await loavesOnSaleByBread(tx, clock);
  const plan = planDispatch({ ordered, loading: input.lines, available, prices });
  const [first] = plan.problems;
  if (first) {
    const fields = plan.problems.map(({ path, message }) => ({ path, message }));
    if (plan.problems.some((problem) => problem.short)) {
      throw new AppError('LOAVES_NOT_AVAILABLE', first.message, fields);
    }
    throw badRequest(first.message, fields);
  }
  return plan.lines;
}

/**
 * Loads a distributor's order of today: each bread loaded becomes its sale at
 * the price in force (the same rules as Record Sale, under each bread's ledger
 * lock), and every bread ordered gets its line with the shortfall kept. One
 * transaction: a refusal records nothing.
 */
export async function dispatch(
  ctx: OrdersContext,
  distributorId: string,
  input: DispatchInput,
  user: CurrentUser,
): Promise<DeliveryNote> {
  if (input.day !== todayOf(ctx)) {
    const message = `Only today's orders (${todayOf(ctx)}) can be dispatched`;
    throw new AppError('DISPATCH_NOT_TODAY', message, [{ path: 'day', message }]);
  }
  return ctx.db.transaction(async (tx) => {
    const { name, creditLimit } = await distributorToDispatch(tx, distributorId);
    await refuseSecondDispatch(tx, input.day, distributorId, name);
    const lines = await linesToLoad(tx, { id: distributorId, name }, input, shelfClock(ctx));
    // The whole load is checked against the credit limit once, as one sale would be.
    const override = await checkCredit(
      tx,
      {
        distributorId,
        creditLimit,
        value: sumNaira(lines.map((line) => line.value)),
        paidAtSale: 0,
        overrideReason: input.creditOverrideReason,
      },
      user,
    );
    for (const line of lines) {
      const index = input.lines.findIndex((loaded) => loaded.recipeName === line.recipeName);
      const sale =
        line.loaded === 0
          ? null
          : await insertSale(
              tx,
              {
                distributorId,
                recipeName: line.recipeName,
                loavesTaken: line.loaded,
                pricePerLoaf: line.pricePerLoaf,
                notes: `Dispatch of ${input.day}`,
              },
              name,
              shelfClock(ctx),
              `lines.${index}.loaves`,
              override,
            );
      await tx.insert(dispatchLines).values({
        day: input.day,
        distributorId,
        recipeName: line.recipeName,
        loavesOrdered: line.ordered,
        loavesLoaded: line.loaded,
        pricePerLoaf: line.pricePerLoaf,
        saleId: sale?.id ?? null,
        createdBy: user.id,
      });
    }
    const made = await madeNotes(
      tx,
      input.day,
      await loavesOnSaleByBread(tx, shelfClock(ctx)),
      distributorId,
    );
    const dispatched = made.get(distributorId);
    if (!dispatched) throw new Error('dispatch recorded no line');
    return dispatched;
  });
}
