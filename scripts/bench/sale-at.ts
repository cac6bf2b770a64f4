// `npx tsx scripts/bench/sale-at.ts <base URL>`: Record Sale on a server
// already running (any version of the app, signed in as the demo user)
// under the bench's write load, and this machine's bare HTTP ceiling, so that
// an older commit's sale can be measured on the machine a bench runs on
// (report.ts, TODAYS_SALE). One loaf of the bread with most loaves left, to
// the first distributor, per request.

import { measureCeiling } from './ceiling';
import { getJson, signIn } from './client';
import { load } from './load';
import { breadWithMostLoaves, WRITE_PATHS, writeBodies } from './writes';

const CONNECTIONS = 32;
const SECONDS = 5;
const base = process.argv[2];
if (!base) throw new Error('usage: sale-at.ts <base URL>');

const cookie = await signIn(base);
const bread = await breadWithMostLoaves(base, cookie);
// Older versions answered the list as { items }.
const list = await getJson<{ items?: { id: string }[] } | { id: string }[]>(
  base,
  '/api/distributors',
  cookie,
);
const distributor = Array.isArray(list) ? list[0] : list.items?.[0];
if (!bread || !distributor) throw new Error('no bread or distributor to sell to');
const body = writeBodies(distributor.id, bread.recipeName).sale;
const loads = [];
for (let run = 0; run < 3; run += 1) {
  const result = await load({
    url: `${base}${WRITE_PATHS.sale}`,
    connections: CONNECTIONS,
    seconds: SECONDS,
    cookie,
    method: 'POST',
    body: () => body,
  });
  console.log(
    `sale: p50 ${result.p50} ms, ${Math.round(result.requestsPerSecond)} req/s, errors ${result.errors + result.non2xx}`,
  );
  // A refused sale (no loaves left) answers at once: such a load measures refusals, not sales.
  if (result.errors + result.non2xx > 0) throw new Error('sales were refused: bake more loaves');
  loads.push(result);
}
loads.sort((a, b) => a.p50 - b.p50);
const ceiling = await measureCeiling({ connections: CONNECTIONS, seconds: SECONDS });
console.log(
  `median sale p50: ${loads[1]?.p50} ms; bare HTTP ceiling: ${Math.round(ceiling.requestsPerSecond)} req/s`,
);
