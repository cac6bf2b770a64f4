/** Stock quantities keep 3 decimals; differences are taken in thousandths so no float noise appears. */
export function quantityDifference(to: number, from: number): number {
  return (Math.round(to * 1000) - Math.round(from * 1000)) / 1000;
}
