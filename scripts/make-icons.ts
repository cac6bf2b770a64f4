// Draws the installed app's icons from src/web/public/favicon.svg, in Chromium:
// `node --import tsx scripts/make-icons.ts`, then commit the PNGs. Run again when the mark changes.
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../tests/support/browser';

const PUBLIC = 'src/web/public';
const favicon = await readFile(`${PUBLIC}/favicon.svg`, 'utf8');
const orange = /<rect[^>]*fill="(#[0-9a-f]+)"/i.exec(favicon)?.[1];
const bread = /<path d="([^"]+)"/.exec(favicon)?.[1];
if (!orange || !bread) throw new Error('favicon.svg no longer has its orange square and its loaf');

/**
 * The mark on a square with no rounded corners, the loaf scaled about the middle:
 * a phone cuts its own shape out of these (a maskable icon may lose all but the
 * middle 80%, a circle; iOS rounds an apple-touch-icon's corners).
 */
const fullBleed = (loafScale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${orange}"/><path d="${bread}" fill="#fff" transform="translate(16 16.5) scale(${loafScale}) translate(-16 -16.5)"/></svg>`;

const icons = [
  { file: 'pwa-192x192.png', size: 192, svg: favicon },
  { file: 'pwa-512x512.png', size: 512, svg: favicon },
  { file: 'maskable-512x512.png', size: 512, svg: fullBleed(0.8) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.9) },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const image = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<body style="margin:0"><img src="${image}" width="${size}" height="${size}"></body>`,
    );
    await page.locator('img').screenshot({ path: `${PUBLIC}/${file}`, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
