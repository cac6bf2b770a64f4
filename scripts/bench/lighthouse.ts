import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseFigures {
  page: string;
  /** Category scores, 0 to 100. */
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The machine has no internet: without these Chromium stalls on lookups it can never finish. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Lighthouse's default (mobile, simulated throttling) audit of the landing page, signed
 * out, and of the dashboard, which is the same `/` with a signed-in session cookie.
 *
 * Each page is audited `runs` times and the run with the median performance score is
 * reported, as Lighthouse's own advice on variability says: simulated throttling still
 * scales the main-thread time it observes, so one run on a busy machine can be far off.
 */
export async function runLighthouse(
  baseUrl: string,
  cookie?: string,
  runs = 3,
): Promise<LighthouseFigures[]> {
  const url = new URL('/', baseUrl).href;
  const pages: { page: string; headers?: Record<string, string> }[] = [{ page: 'landing' }];
  if (cookie) pages.push({ page: 'dashboard', headers: { Cookie: cookie } });

  const results: LighthouseFigures[] = [];
  for (const { page, headers } of pages) {
    const audits: LighthouseFigures[] = [];
    for (let run = 0; run < runs; run++) audits.push(await auditWithRetries(page, url, headers));
    audits.sort((a, b) => a.performance - b.performance);
    const median = audits[Math.floor(audits.length / 2)];
    if (!median) throw new Error('runs must be at least 1');
    results.push(median);
  }
  return results;
}

/**
 * Chromium on a busy machine now and then records a trace Lighthouse cannot read
 * (NO_NAVSTART) or closes its page mid-audit: each audit gets three tries.
 */
async function auditWithRetries(
  page: string,
  url: string,
  headers?: Record<string, string>,
): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(page, url, headers);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** One audit in a Chrome of its own: a second trace in the same browser can lose its navigation start. */
async function audit(
  page: string,
  url: string,
  headers?: Record<string, string>,
): Promise<LighthouseFigures> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const run = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: headers,
    });
    if (!run) throw new Error(`Lighthouse returned nothing for the ${page}`);
    const { categories, audits, runtimeError } = run.lhr;
    if (runtimeError) throw new Error(`Lighthouse (${page}): ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: Math.round(metric('first-contentful-paint')),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Number(metric('cumulative-layout-shift').toFixed(3)),
    };
  } finally {
    chrome.kill();
  }
}
