import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** WCAG 2.1 A and AA, and axe's best practices (heading order among them). */
export const AXE_RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  resultTypes: ['violations'],
};

const FAILING: readonly ImpactValue[] = ['serious', 'critical'];

declare global {
  interface Window {
    axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/** Runs axe on the page as it stands. */
export async function runAxe(page: Page): Promise<AxeResults> {
  // The app's CSP (script-src 'self') refuses an inline <script> such as addScriptTag({ content })
  // would add; evaluate goes through the DevTools protocol, which the CSP does not govern.
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  return page.evaluate((options) => {
    if (!window.axe) throw new Error('axe-core did not load');
    return window.axe.run(document, options);
  }, AXE_RUN_OPTIONS);
}

/** One line per failing element: the rule, its impact, the selector and axe's account (contrast figures included). */
export function describeViolations(results: AxeResults, impacts = FAILING): string[] {
  return results.violations
    .filter((violation) => violation.impact && impacts.includes(violation.impact))
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const data = node.any[0]?.data as
          | {
              contrastRatio?: number;
              expectedContrastRatio?: string;
              fgColor?: string;
              bgColor?: string;
            }
          | undefined;
        const contrast = data?.contrastRatio
          ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1, needs ${data.expectedContrastRatio}]`
          : '';
        return `${violation.id} (${violation.impact}) at ${node.target.join(' ')}${contrast}: ${node.failureSummary?.replace(/\s+/g, ' ')}`;
      }),
    );
}

/** Fails with every serious or critical axe violation on the page, each with its rule, selector and figures. */
export async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<AxeResults> {
  const results = await runAxe(page);
  expect(describeViolations(results), `axe on ${where}`).toEqual([]);
  return results;
}
