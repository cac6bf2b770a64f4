/** Stock quantities keep 3 decimals; differences are taken in thousandths so no float noise appears. */
export function quantityDifference(to: number, from: number): number {
  return (Math.round(to * 1000) - Math.round(from * 1000)) / 1000;
}

/**
 * A computed quantity rounded to the 3 decimals the database keeps, half away
 * from zero on the decimal text (so 0.0125 × 100 is 1.25, not 1.2499999).
 */
export function roundQuantity(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Not a quantity: ${value}`);
  const magnitude = Math.abs(value);
  const text = String(magnitude);
  const thousandths = Math.round(text.includes('e') ? magnitude * 1000 : Number(`${text}e3`));
  const rounded = thousandths / 1000;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}
