/** A completed batch, as the walk over a bread's batches needs it. */
export interface BakedBatch {
  id: string;
  batchNumber: string;
  completedAt: string;
  loaves: number;
}

export interface BatchHolding {
  id: string;
  batchNumber: string;
  completedAt: string;
  available: number;
}

/**
 * Where a bread's `loavesLeft` are. Sales draw from the oldest batch first, so
 * what is left sits in the newest batches: walking them newest first, each
 * holds what it baked, until the loaves left are accounted for. `newestFirst`
 * may stop early; `missing` tells how many loaves the given batches could not
 * place (the caller fetches older ones). The holdings come back oldest first.
 */
export function placeLoavesLeft(
  loavesLeft: number,
  newestFirst: readonly BakedBatch[],
): { holdings: BatchHolding[]; missing: number } {
  const holdings: BatchHolding[] = [];
  let missing = Math.max(0, loavesLeft);
  for (const batch of newestFirst) {
    if (missing === 0) break;
    const available = Math.min(Math.max(0, batch.loaves), missing);
    if (available === 0) continue;
    holdings.push({
      id: batch.id,
      batchNumber: batch.batchNumber,
      completedAt: batch.completedAt,
      available,
    });
    missing -= available;
  }
  return { holdings: holdings.reverse(), missing };
}
