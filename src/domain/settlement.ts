/** End-of-day settlement: a distributor's returns and payment against its day's dispatch, and the summary. */
import { z } from 'zod';
import { PAYMENT_METHODS, RETURN_REASONS } from './distributor-schemas';
import { breadType, day, nairaAmount, optionalNotes, someLoaves } from './fields';
import { fromKobo, multiplyKobo, subtractKobo, sumKobo, toKobo } from './money';
import { recordedAt } from './recorded-at';
import { countOf } from './words';

export const COLLECTED_NEGATIVE = 'Collected cannot be negative';

/** What the clerk settles a distributor's day with: returns by bread and reason, and the money collected. */
export const settlementSchema = z.strictObject({
  day: day('Day'),
  returns: z
    .array(
      z.strictObject({
        recipeName: breadType,
        loaves: someLoaves('Must return at least 1 loaf'),
        reason: z.enum(RETURN_REASONS, { error: 'Choose a reason' }),
      }),
    )
    .max(200, { error: 'Too many returns' }),
  collected: nairaAmount(COLLECTED_NEGATIVE, 'Collected'),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method' }).default('cash'),
  notes: optionalNotes,
  /** When the settlement was made on the device, if it was sent later (issue 20). */
  recordedAt,
});
export type SettlementInput = z.infer<typeof settlementSchema>;

export const settlementQuerySchema = z.strictObject({ day: day('Day').optional() });

export interface LoadedLine {
  recipeName: string;
  loaded: number;
  pricePerLoaf: number;
}

export interface PricedReturn {
  recipeName: string;
  loaves: number;
  reason: (typeof RETURN_REASONS)[number];
  pricePerLoaf: number;
}

/**
 * Each return at the price its bread was loaded at that day, or every field
 * refused: a bread not loaded that day, or more of a bread (over all its
 * reasons) than was loaded. The distributor's older loaves go back through
 * Record Return, at the price they were sold at.
 */
export function priceReturns(
  loaded: readonly LoadedLine[],
  returns: readonly { recipeName: string; loaves: number; reason: PricedReturn['reason'] }[],
): { returns: PricedReturn[]; problems: { path: string; message: string }[] } {
  const byBread = new Map(loaded.map((line) => [line.recipeName, line]));
  const returned = new Map<string, number>();
  const problems: { path: string; message: string }[] = [];
  const priced: PricedReturn[] = [];
  returns.forEach((line, index) => {
    const path = `returns.${index}.loaves`;
    const load = byBread.get(line.recipeName);
    if (!load || load.loaded === 0) {
      problems.push({ path, message: `No ${line.recipeName} was loaded that day` });
      return;
    }
    const total = (returned.get(line.recipeName) ?? 0) + line.loaves;
    returned.set(line.recipeName, total);
    if (total > load.loaded) {
      problems.push({
        path,
        message: `At most ${countOf(load.loaded, 'loaf')} of ${line.recipeName} were loaded that day`,
      });
      return;
    }
    priced.push({ ...line, pricePerLoaf: load.pricePerLoaf });
  });
  return { returns: priced, problems };
}

export interface SettlementFigures {
  loavesLoaded: number;
  valueLoaded: number;
  loavesReturned: number;
  valueReturned: number;
  netSold: number;
  netValue: number;
  collected: number;
}

/** The summary's figures, each value summed in kobo so it is exact. */
export function settlementFigures(
  loaded: readonly LoadedLine[],
  returns: readonly PricedReturn[],
  collected: number,
): SettlementFigures {
  const loavesLoaded = loaded.reduce((sum, line) => sum + line.loaded, 0);
  const loavesReturned = returns.reduce((sum, line) => sum + line.loaves, 0);
  const valueLoaded = sumKobo(
    loaded.map((line) => multiplyKobo(toKobo(line.pricePerLoaf), line.loaded)),
  );
  const valueReturned = sumKobo(
    returns.map((line) => multiplyKobo(toKobo(line.pricePerLoaf), line.loaves)),
  );
  return {
    loavesLoaded,
    valueLoaded: fromKobo(valueLoaded),
    loavesReturned,
    valueReturned: fromKobo(valueReturned),
    netSold: loavesLoaded - loavesReturned,
    netValue: fromKobo(subtractKobo(valueLoaded, valueReturned)),
    collected: fromKobo(toKobo(collected)),
  };
}
