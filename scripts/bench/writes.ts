import { BENCH_NOTE } from './bench-loaves';
import { getJson, timed } from './client';

export const WRITE_KINDS = ['sale', 'payment', 'return'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export const WRITE_PATHS: Record<WriteKind, string> = {
  sale: '/api/sales-transactions',
  payment: '/api/distributor-payments',
  return: '/api/bread-returns',
};

/** The bread with most loaves left to sell, by the Record Sale form's list. */
export async function breadWithMostLoaves(baseUrl: string, cookie: string) {
  const loaves = await getJson<{ recipeName: string; totalAvailable: number }[]>(
    baseUrl,
    '/api/available-loaves',
    cookie,
  );
  return [...loaves].sort((a, b) => b.totalAvailable - a.totalAvailable)[0];
}

/**
 * A clerk's small writes for one distributor: a loaf of the bread sold,
 * ₦1,000 paid, a loaf of it returned. Marked with BENCH_NOTE so the data set
 * can be put back as it was seeded.
 */
export function writeBodies(distributorId: string, recipeName: string): Record<WriteKind, string> {
  return {
    sale: JSON.stringify({
      distributorId,
      recipeName,
      loavesTaken: 1,
      pricePerLoaf: 1200,
      amountPaid: 0,
      notes: BENCH_NOTE,
    }),
    payment: JSON.stringify({
      distributorId,
      amount: 1000,
      paymentMethod: 'cash',
      description: BENCH_NOTE,
    }),
    // At the sale's price: a return is credited at no more than was paid.
    return: JSON.stringify({
      distributorId,
      recipeName,
      loavesReturned: 1,
      pricePerLoaf: 1200,
      reason: 'spoiled',
      notes: BENCH_NOTE,
    }),
  };
}

/**
 * The small writes a clerk makes all day (writeBodies), to the first
 * distributor, of the bread with most loaves left. Each empties the read
 * cache, as every write does.
 */
export async function clerkWrites(baseUrl: string, cookie: string) {
  const bread = await breadWithMostLoaves(baseUrl, cookie);
  const [distributor] = await getJson<{ id: string }[]>(baseUrl, '/api/distributors', cookie);
  if (!bread || !distributor) throw new Error('no bread or distributor to sell to');
  const bodies = writeBodies(distributor.id, bread.recipeName);
  let made = 0;
  return {
    distributorId: distributor.id,
    bodies,
    /** The next write in turn (sale, payment, return, sale…): its kind and milliseconds. */
    async next(): Promise<{ kind: WriteKind; ms: number }> {
      const kind = WRITE_KINDS[made % WRITE_KINDS.length] as WriteKind;
      made += 1;
      const ms = await timed(baseUrl, cookie, WRITE_PATHS[kind], {
        method: 'POST',
        body: bodies[kind],
      });
      return { kind, ms };
    },
  };
}

export type Clerk = Awaited<ReturnType<typeof clerkWrites>>;
