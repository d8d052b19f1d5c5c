// Draws the app's install icons (the logo of src/shared/ui/icons.tsx) as SVG and rasterises them with
// headless Chromium into the PNGs committed under public/icons/: regular icons (rounded square, transparent
// corners) and maskable ones (full-bleed background, the mark inside the central safe zone, since Android
// crops them to a circle or squircle), at 192 and 512 px, and Apple's 180 px touch icon.
// Run after changing the logo: `npx tsx scripts/make-icons.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/browser.ts';

const GRADIENT = `<defs><linearGradient id="g" x1="0" y1="0" x2="40" y2="40" gradientUnits="userSpaceOnUse">
<stop offset="0" stop-color="#2f7bff"/><stop offset="1" stop-color="#17c3a4"/></linearGradient></defs>`;
const MARK = `<path d="M9 27l7-8 5 5 10-11" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round"
stroke-linejoin="round"/><circle cx="31" cy="13" r="2.6" fill="#fff"/>`;

/** Rounded square like the in-app logo; the corners stay transparent. */
const regular = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${GRADIENT}
<rect width="40" height="40" rx="9" fill="url(#g)"/>${MARK}</svg>`;

/** Full bleed; the mark shrunk to 62 % around the centre, inside the 80 % safe circle of maskable icons. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${GRADIENT}
<rect width="40" height="40" fill="url(#g)"/><g transform="translate(20 20) scale(0.62) translate(-20 -20)">${MARK}</g></svg>`;

/** iOS rounds the corners itself and shows transparency as black: full bleed, the mark a little smaller. */
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${GRADIENT}
<rect width="40" height="40" fill="url(#g)"/><g transform="translate(20 20) scale(0.8) translate(-20 -20)">${MARK}</g></svg>`;

const OUT = path.resolve('public/icons');
const targets: Array<[string, string, number]> = [
  ['icon-192.png', regular, 192],
  ['icon-512.png', regular, 512],
  ['maskable-192.png', maskable, 192],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon-180.png', apple, 180],
];

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: CHROMIUM_ARGS,
  headless: true,
});
try {
  fs.mkdirSync(OUT, { recursive: true });
  for (const [name, svg, size] of targets) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.locator('svg').screenshot({ path: path.join(OUT, name), omitBackground: true });
    await page.close();
    console.log(`public/icons/${name} ${fs.statSync(path.join(OUT, name)).size} B`);
  }
} finally {
  await browser.close();
}
