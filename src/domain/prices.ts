import { z } from 'zod';
import { breadType, day, nairaAmount, PRICE_NEGATIVE, recordId } from './fields';
import { subtractNaira } from './money';

/**
 * Bread prices (issue 18, docs/rules/prices.md): a default per bread and a
 * distributor's own, each dated. A change is a new row, so the price in force
 * on any bakery day can be told from the rows alone.
 */
export interface PriceRow {
  /** null: the default for everyone. */
  distributorId: string | null;
  /** null on a distributor's row: their own price is withdrawn from that day. */
  pricePerLoaf: number | null;
  /** The bakery day (yyyy-MM-dd) the row applies from. */
  effectiveFrom: string;
  /** ISO instant: of two rows from the same day, the newer wins. */
  createdAt: string;
}

const newerFirst = (a: PriceRow, b: PriceRow) =>
  b.effectiveFrom.localeCompare(a.effectiveFrom) || b.createdAt.localeCompare(a.createdAt);

/** The row in force on `onDay` among one bread's rows for one owner (a distributor, or null for the default). */
export function rowInForce(
  rows: readonly PriceRow[],
  distributorId: string | null,
  onDay: string,
): PriceRow | undefined {
  return rows
    .filter((row) => row.distributorId === distributorId && row.effectiveFrom <= onDay)
    .sort(newerFirst)[0];
}

/** The distributor's own price on that day: null when it has none or withdrew it. */
export const ownPriceOn = (rows: readonly PriceRow[], distributorId: string, onDay: string) =>
  rowInForce(rows, distributorId, onDay)?.pricePerLoaf ?? null;

/** The default price on that day, null when the bread has none yet. */
export const defaultPriceOn = (rows: readonly PriceRow[], onDay: string) =>
  rowInForce(rows, null, onDay)?.pricePerLoaf ?? null;

/**
 * What a distributor pays for a bread on a day: its own price in force, else
 * the default in force, else none (`rows` are one bread's).
 */
export function priceInForce(
  rows: readonly PriceRow[],
  distributorId: string | null,
  onDay: string,
): number | null {
  const own = distributorId === null ? null : ownPriceOn(rows, distributorId, onDay);
  return own ?? defaultPriceOn(rows, onDay);
}

/** Own price minus the default, to the kobo (negative: a discount); null when either is missing. */
export function differenceFromDefault(own: number | null, byDefault: number | null) {
  if (own === null || byDefault === null) return null;
  return subtractNaira(own, byDefault);
}

export const DEFAULT_CANNOT_BE_WITHDRAWN =
  'A default price cannot be withdrawn: set a new price instead';
export const PRICE_DATE_IN_PAST = 'A price change cannot be dated in the past';

/** POST /api/bread-prices: one change, dated today or later (checked against today by the server). */
export const priceChangeSchema = z
  .strictObject({
    recipeName: breadType,
    /** Absent or null: the default for everyone. */
    distributorId: recordId('Choose a distributor').nullable().optional(),
    /** null withdraws a distributor's own price. */
    pricePerLoaf: nairaAmount(PRICE_NEGATIVE, 'Price').nullable(),
    effectiveFrom: day('Effective from'),
  })
  .refine((change) => change.pricePerLoaf !== null || Boolean(change.distributorId), {
    path: ['pricePerLoaf'],
    error: DEFAULT_CANNOT_BE_WITHDRAWN,
  });
export type PriceChangeInput = z.input<typeof priceChangeSchema>;
