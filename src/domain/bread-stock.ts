import { zonedMidnight, zonedParts } from './time';

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

/**
 * The instant loaves of a batch completed at `completedAt` go stale: the
 * bakery midnight that starts day D + shelf life, D being the batch's bakery
 * day (a 2-day loaf baked on Monday is sold Monday and Tuesday).
 */
export function staleFrom(completedAt: Date, shelfLifeDays: number, timeZone: string): Date {
  const { year, month, day } = zonedParts(completedAt, timeZone);
  return zonedMidnight(year, month, day + shelfLifeDays, timeZone);
}

/**
 * The loaves left, split at the shelf life: holdings (oldest first, as
 * `placeLoavesLeft` gives them) in batches gone stale by `now` are stale, the
 * rest are on sale. Stale batches are always the oldest, so they lead the
 * list; `staleFrom` is when the newest of them went stale.
 */
export function splitStale(
  holdings: readonly BatchHolding[],
  shelfLifeDays: number | null,
  now: Date,
  timeZone: string,
): { fresh: BatchHolding[]; staleLoaves: number; staleFrom: Date | null } {
  if (shelfLifeDays === null) return { fresh: [...holdings], staleLoaves: 0, staleFrom: null };
  let staleLoaves = 0;
  let newestStale: Date | null = null;
  const fresh: BatchHolding[] = [];
  for (const holding of holdings) {
    const from = staleFrom(new Date(holding.completedAt), shelfLifeDays, timeZone);
    if (from.getTime() <= now.getTime()) {
      staleLoaves += holding.available;
      if (newestStale === null || from > newestStale) newestStale = from;
    } else {
      fresh.push(holding);
    }
  }
  return { fresh, staleLoaves, staleFrom: newestStale };
}
