/** The value below which `share` (0–1) of the samples lie, by nearest rank. */
export function percentile(samples: number[], share: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil(share * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

export interface Spread {
  p50: number;
  p95: number;
  count: number;
}

export const spreadOf = (samples: number[]): Spread => ({
  p50: percentile(samples, 0.5),
  p95: percentile(samples, 0.95),
  count: samples.length,
});
