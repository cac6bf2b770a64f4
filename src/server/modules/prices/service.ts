import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type {
  BreadPrices,
  PriceChangeRecord,
  PriceList,
  SalePrice,
} from '../../../domain/contracts/prices';
import {
  defaultPriceOn,
  differenceFromDefault,
  ownPriceOn,
  PRICE_DATE_IN_PAST,
  type PriceChangeInput,
  type PriceRow,
} from '../../../domain/prices';
import type { Database, Transaction } from '../../db/connection';
import { breadPrices, distributors, recipes, users } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { offeredBreads } from '../recipes/service';

type Reader = Database | Transaction;

/** Price rows with the distributor's and the author's names, oldest day first. */
function priceRows(db: Reader, where: SQL | undefined) {
  return db
    .select({
      id: breadPrices.id,
      recipeName: breadPrices.recipeName,
      distributorId: breadPrices.distributorId,
      distributorName: distributors.name,
      pricePerLoaf: breadPrices.pricePerLoaf,
      effectiveFrom: breadPrices.effectiveFrom,
      createdAt: breadPrices.createdAt,
      createdByName: users.username,
    })
    .from(breadPrices)
    .leftJoin(distributors, eq(distributors.id, breadPrices.distributorId))
    .leftJoin(users, eq(users.id, breadPrices.createdBy))
    .where(where);
}

type Row = Awaited<ReturnType<typeof priceRows>>[number];

const toRecord = (row: Row): PriceChangeRecord => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

const asPriceRow = (row: Row): PriceRow => ({
  distributorId: row.distributorId,
  pricePerLoaf: row.pricePerLoaf,
  effectiveFrom: row.effectiveFrom,
  createdAt: row.createdAt.toISOString(),
});

function pricesOfBread(
  recipeName: string,
  rows: Row[],
  active: { id: string; name: string }[],
  date: string,
): BreadPrices {
  const priceRowsOf = rows.map(asPriceRow);
  const defaultPrice = defaultPriceOn(priceRowsOf, date);
  const ownPrices = active.flatMap((distributor) => {
    const own = ownPriceOn(priceRowsOf, distributor.id, date);
    if (own === null) return [];
    return [
      {
        distributorId: distributor.id,
        distributorName: distributor.name,
        pricePerLoaf: own,
        difference: differenceFromDefault(own, defaultPrice),
      },
    ];
  });
  const scheduled = rows
    .filter((row) => row.effectiveFrom > date)
    .sort(
      (a, b) =>
        a.effectiveFrom.localeCompare(b.effectiveFrom) ||
        a.createdAt.getTime() - b.createdAt.getTime(),
    )
    .map(toRecord);
  return { recipeName, defaultPrice, ownPrices, scheduled };
}

/** Every bread offered with its prices in force on `date` and what is scheduled after it. */
export async function priceList(db: Database, date: string): Promise<PriceList> {
  const names = await offeredBreads(db);
  const rows = names.length ? await priceRows(db, inArray(breadPrices.recipeName, names)) : [];
  const active = await db
    .select({ id: distributors.id, name: distributors.name })
    .from(distributors)
    .where(eq(distributors.archived, false))
    .orderBy(asc(distributors.name));
  const byBread = new Map<string, Row[]>();
  for (const row of rows)
    byBread.set(row.recipeName, [...(byBread.get(row.recipeName) ?? []), row]);
  return {
    date,
    breads: names.map((name) => pricesOfBread(name, byBread.get(name) ?? [], active, date)),
  };
}

/** Price changes newest first (by the day they apply from, then when they were made). */
export async function priceHistory(
  db: Database,
  query: { recipeName?: string; distributorId?: string; limit: number; offset: number },
): Promise<PriceChangeRecord[]> {
  const rows = await priceRows(
    db,
    and(
      query.recipeName === undefined ? undefined : eq(breadPrices.recipeName, query.recipeName),
      query.distributorId === undefined
        ? undefined
        : eq(breadPrices.distributorId, query.distributorId),
    ),
  )
    .orderBy(desc(breadPrices.effectiveFrom), desc(breadPrices.createdAt), desc(breadPrices.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(toRecord);
}

/** What a sale to the distributor of the bread costs on `date`: its own price, else the default. */
export async function salePrice(
  db: Database | Transaction,
  query: { distributorId: string; recipeName: string },
  date: string,
): Promise<SalePrice> {
  const rows = await db
    .select({
      distributorId: breadPrices.distributorId,
      pricePerLoaf: breadPrices.pricePerLoaf,
      effectiveFrom: breadPrices.effectiveFrom,
      createdAt: breadPrices.createdAt,
    })
    .from(breadPrices)
    .where(
      and(
        eq(breadPrices.recipeName, query.recipeName),
        or(eq(breadPrices.distributorId, query.distributorId), isNull(breadPrices.distributorId)),
        lte(breadPrices.effectiveFrom, date),
      ),
    );
  const priceRowsOf = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  const own = ownPriceOn(priceRowsOf, query.distributorId, date);
  if (own !== null) return { pricePerLoaf: own, source: 'own' };
  const byDefault = defaultPriceOn(priceRowsOf, date);
  return byDefault === null
    ? { pricePerLoaf: null, source: 'none' }
    : { pricePerLoaf: byDefault, source: 'default' };
}

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** Shared lock: an archive of the distributor waits for the change, and sees it. */
async function distributorTakingPrices(tx: Transaction, distributorId: string) {
  const [distributor] = await tx
    .select({ name: distributors.name, archived: distributors.archived })
    .from(distributors)
    .where(eq(distributors.id, distributorId))
    .for('share');
  if (!distributor) throw field('distributorId', 'No such distributor');
  if (distributor.archived) {
    const message = `${distributor.name} is archived: unarchive it to give it a price`;
    throw new AppError('DISTRIBUTOR_ARCHIVED', message, [{ path: 'distributorId', message }]);
  }
}

/**
 * Records a price change as a new row, dated `today` or later: a past day
 * would rewrite what was in force then (docs/decisions.md).
 */
export async function setPrice(
  db: Database,
  input: PriceChangeInput,
  { today, userId }: { today: string; userId: string },
): Promise<PriceChangeRecord> {
  if (input.effectiveFrom < today) throw field('effectiveFrom', PRICE_DATE_IN_PAST);
  return db.transaction(async (tx) => {
    const [bread] = await tx
      .select({ name: recipes.name })
      .from(recipes)
      .where(and(eq(recipes.name, input.recipeName), isNull(recipes.deletedAt)))
      .limit(1);
    if (!bread) throw field('recipeName', `No bread is named ${input.recipeName}`);
    const distributorId = input.distributorId ?? null;
    if (distributorId !== null) await distributorTakingPrices(tx, distributorId);
    const [inserted] = await tx
      .insert(breadPrices)
      .values({
        recipeName: bread.name,
        distributorId,
        pricePerLoaf: input.pricePerLoaf,
        effectiveFrom: input.effectiveFrom,
        createdBy: userId,
      })
      .returning({ id: breadPrices.id });
    if (!inserted) throw new Error('insert returned no row');
    const [row] = await priceRows(tx, eq(breadPrices.id, inserted.id));
    if (!row) throw new Error('the new price is not found');
    return toRecord(row);
  });
}
