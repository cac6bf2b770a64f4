import { timed } from './client';
import { EVERY_PAGE, PAGES, type ScreenRead } from './screens';
import { type Spread, spreadOf } from './stats';
import type { Clerk } from './writes';

export interface MixedOptions {
  users: number;
  seconds: number;
  /** A person's pause between pages. */
  thinkMs: number;
  /** How often a sale, payment or return arrives. */
  writeEveryMs: number;
}

export interface MixedResult {
  options: MixedOptions;
  pages: { page: string; reads: number; visit: Spread }[];
  writes: Spread;
  errors: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A bakery day in miniature: `users` signed-in people each moving through the
 * pages in turn (a page visit is all its reads at once, as the browser makes
 * them, timed until the last answer), while sales, payments and returns
 * arrive every `writeEveryMs`.
 */
export async function mixedLoad(input: {
  baseUrl: string;
  cookies: string[];
  clerk: Clerk;
  reads: ScreenRead[];
  options: MixedOptions;
}): Promise<MixedResult> {
  const { baseUrl, clerk, options } = input;
  const pathOf = new Map(input.reads.map((read) => [read.label, read.path]));
  const pages = Object.entries(PAGES).map(([page, labels]) => ({
    page,
    paths: [...labels, ...EVERY_PAGE].map((label) => {
      const path = pathOf.get(label);
      if (!path) throw new Error(`page ${page} names an unknown read: ${label}`);
      return path;
    }),
  }));
  const visits = new Map<string, number[]>(pages.map((page) => [page.page, []]));
  const writes: number[] = [];
  let errors = 0;
  const deadline = Date.now() + options.seconds * 1000;

  const person = async (cookie: string, first: number) => {
    for (let n = first; Date.now() < deadline; n += 1) {
      const page = pages[n % pages.length] as (typeof pages)[number];
      const started = performance.now();
      try {
        await Promise.all(page.paths.map((path) => timed(baseUrl, cookie, path)));
        visits.get(page.page)?.push(performance.now() - started);
      } catch (error) {
        errors += 1;
        console.error((error as Error).message);
      }
      await pause(options.thinkMs);
    }
  };
  const counter = async () => {
    for (let tick = Date.now(); tick < deadline; tick += options.writeEveryMs) {
      await pause(Math.max(0, tick - Date.now()));
      try {
        writes.push((await clerk.next()).ms);
      } catch (error) {
        errors += 1;
        console.error((error as Error).message);
      }
    }
  };
  // People start on different pages, as they would.
  const spacing = Math.max(1, Math.floor(pages.length / input.cookies.length));
  await Promise.all([counter(), ...input.cookies.map((cookie, n) => person(cookie, n * spacing))]);
  return {
    options,
    pages: pages.map((page) => ({
      page: page.page,
      reads: page.paths.length,
      visit: spreadOf(visits.get(page.page) ?? []),
    })),
    writes: spreadOf(writes),
    errors,
  };
}
