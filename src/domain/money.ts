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

export function addKobo(a: Kobo, b: Kobo): Kobo {
  return (a + b) as Kobo;
}

export function subtractKobo(from: Kobo, amount: Kobo): Kobo {
  return (from - amount) as Kobo;
}

/** Half away from zero, so a refund rounds like the same charge. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value)) || 0;
}

/** A value of at most `places` decimals as a whole number of 10^-places, read from its decimal text. */
function scaledInteger(value: number, places: number): bigint {
  const text = String(value);
  return BigInt(
    Math.round(text.includes('e') ? value * 10 ** places : Number(`${text}e${places}`)),
  );
}

/** Whole units of 10^-`places` to the nearest whole one, half away from zero, exactly. */
function roundScaled(value: bigint, places: number): bigint {
  const unit = 10n ** BigInt(places);
  const magnitude = value < 0n ? -value : value;
  const rounded = (magnitude + unit / 2n) / unit;
  return value < 0n ? -rounded : rounded;
}

/** An amount times a quantity (kept to 3 decimals, as stock is), rounded once, half away from zero. */
export function multiplyKobo(amount: Kobo, quantity: number): Kobo {
  return Number(roundScaled(BigInt(amount) * scaledInteger(quantity, 3), 3)) as Kobo;
}

/** An amount shared into `parts` equal parts, each to the kobo, half away from zero. */
export function divideKobo(amount: Kobo, parts: number): Kobo {
  return roundHalfAway(amount / parts) as Kobo;
}

/**
 * Quantity (3 decimals) times a unit cost (naira, 4 decimals), exactly, in
 * ten-millionths of a naira: add a bill's lines in this unit, then round once
 * with `costToKobo`, so the total is the true one (floats would make
 * 0.105 × 10 a kobo short).
 */
export function exactCost(quantity: number, unitCost: number): bigint {
  return scaledInteger(quantity, 3) * scaledInteger(unitCost, 4);
}

/** Ten-millionths of a naira (from `exactCost`) to whole kobo, half away from zero. */
export function costToKobo(cost: bigint): Kobo {
  return Number(roundScaled(cost, 5)) as Kobo;
}

/** A naira amount rounded to the kobo, half away from zero. */
export function roundNaira(naira: number): number {
  return fromKobo(toKobo(naira));
}

/** Naira amounts added in whole kobo, so ten times 0.1 is exactly 1. */
export function sumNaira(amounts: readonly number[]): number {
  return fromKobo(sumKobo(amounts.map(toKobo)));
}

/** One naira amount less another, in whole kobo. */
export function subtractNaira(from: number, amount: number): number {
  return fromKobo(subtractKobo(toKobo(from), toKobo(amount)));
}

const NAIRA = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "₦1,234.50": NGN, en-NG, exactly 2 decimals (docs/rules/money.md). */
export function formatNaira(naira: number): string {
  return NAIRA.format(roundNaira(naira));
}

/** At most `places` decimals: refuses 0.001 naira or 1.0001 kg, which the database cannot keep. */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}
