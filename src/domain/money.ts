/**
 * Money is exact to the kobo. Amounts travel as numbers with at most 2
 * decimals; any arithmetic on them is done in whole kobo (integers), never in
 * floating-point naira.
 */
export type Kobo = number & { readonly __brand: 'kobo' };

/** Naira (number or decimal string) to whole kobo, rounding half away from zero. */
export function toKobo(naira: number | string): Kobo {
  const value = typeof naira === 'string' ? Number(naira) : naira;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount of money: ${naira}`);
  // Shift the decimal text, not the binary value: 1.005 is stored as 1.00499…,
  // but "1.005e2" is read as exactly 100.5, which rounds to 101 as a person expects.
  const text = String(Math.abs(value));
  const kobo = Math.round(text.includes('e') ? Math.abs(value) * 100 : Number(`${text}e2`));
  return (value < 0 ? -kobo : kobo) as Kobo;
}

export function fromKobo(kobo: Kobo): number {
  return kobo / 100;
}

export function sumKobo(amounts: readonly Kobo[]): Kobo {
  return amounts.reduce((total, amount) => total + amount, 0) as Kobo;
}

const NAIRA = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "₦1,234.50" (spec: NGN, en-NG, exactly 2 decimals). */
export function formatNaira(naira: number): string {
  return NAIRA.format(fromKobo(toKobo(naira)));
}

/** At most `places` decimals: refuses 0.001 naira or 1.0001 kg, which the database cannot keep. */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}
