/** How big a data set `npm run seed:scale` makes: five years of a large producer, or fewer years of it. */

export interface ScaleSize {
  years: number;
  sales: number;
  payments: number;
  returns: number;
  batches: number;
  distributors: number;
  items: number;
}

/** The five-year size for a large producer. */
export const FULL_SCALE: ScaleSize = {
  years: 5,
  sales: 1_000_000,
  payments: 200_000,
  returns: 100_000,
  batches: 50_000,
  distributors: 500,
  items: 300,
};

/**
 * The same bakery (its distributors and items) with `years` of history: the
 * records scale with the years, so five years is FULL_SCALE exactly.
 */
export function scaleOf(years: number): ScaleSize {
  const share = years / FULL_SCALE.years;
  const part = (count: number) => Math.max(1, Math.round(count * share));
  return {
    ...FULL_SCALE,
    years,
    sales: part(FULL_SCALE.sales),
    payments: part(FULL_SCALE.payments),
    returns: part(FULL_SCALE.returns),
    batches: part(FULL_SCALE.batches),
  };
}
