// Defect f of the fast/offline issue, in Chromium at 360×800 (2×) against the live simulator: while a price
// flashes, its text reads at least 4.5:1 over the flash and is never the opposite tone's colour. Checked where
// the price is drawn: the market rows (painted by the worker into canvases: pixels of screenshots taken until
// one catches a flash) in English and Urdu, and the k-line page's price (DOM: the computed colours at the
// moment the flash class is set, and the pixels of a screenshot that caught one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { decodePng } from '../unit/image/png-decode.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { collectPageErrors } from './support/page-checks.ts';

type Rgb = [number, number, number];

interface Palette {
  text: Rgb;
  up: Rgb;
  down: Rgb;
  /** The flash tints as they land on the page background. */
  tints: Record<'up' | 'down', Rgb>;
}
let P: Palette;

/** '#0c453d', '#abc' or 'rgb(22 199 132 / 30%)' as [r, g, b, alpha]. */
function parseCss(text: string): [number, number, number, number] {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(text.trim());
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((x) => x + x).join('') : hex[1]!;
    const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
    return [r!, g!, b!, 1];
  }
  const n = text.match(/[\d.]+%?/g) ?? [];
  if (n.length < 3) throw new Error(`cannot read the colour ${text}`);
  const a = n[3] === undefined ? 1 : n[3].endsWith('%') ? Number.parseFloat(n[3]) / 100 : Number(n[3]);
  return [Number(n[0]), Number(n[1]), Number(n[2]), a];
}

/** The app's palette as the page resolves it (tokens and the markets stylesheet's flash tints). */
async function readPalette(page: Page): Promise<Palette> {
  const v = await page.evaluate(() => {
    const cs = getComputedStyle(document.documentElement);
    const get = (n: string) => cs.getPropertyValue(n).trim();
    return {
      text: get('--text'),
      up: get('--up'),
      down: get('--down'),
      bg: get('--bg'),
      fu: get('--flash-up'),
      fd: get('--flash-down'),
    };
  });
  const rgb = (t: string) => parseCss(t).slice(0, 3) as Rgb;
  const bg = rgb(v.bg);
  const onBg = (t: string): Rgb => {
    const [r, g, b, a] = parseCss(t);
    return [r, g, b].map((c, i) => Math.round(c * a + bg[i]! * (1 - a))) as Rgb;
  };
  return { text: rgb(v.text), up: rgb(v.up), down: rgb(v.down), tints: { up: onBg(v.fu), down: onBg(v.fd) } };
}

let server: RunningServer;
let browser: Browser;
const errors: string[] = [];

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const near = (a: Rgb, b: Rgb, tol: number) => a.every((v, i) => Math.abs(v - b[i]!) <= tol);

interface FlashPixels {
  dir: 'up' | 'down';
  /** Pixels of the tint (its interior) found in the shot. */
  tint: number;
  /** The pixel inside the tint's box that stands out most from it: the core of the price's glyphs. */
  ink: Rgb;
  /** Pixels inside the box within reach of the tones' colours. */
  upLike: number;
  downLike: number;
}

/** Finds a flash tint in a screenshot and measures the text drawn on it; null when no flash was caught. */
function flashIn(png: Buffer, dirs: readonly ('up' | 'down')[]): FlashPixels | null {
  const img = decodePng(png);
  const px = (x: number, y: number): Rgb => {
    const i = (y * img.width + x) * img.channels;
    return [img.pixels[i]!, img.pixels[i + 1]!, img.pixels[i + 2]!];
  };
  for (const dir of dirs) {
    let [x0, y0, x1, y1, count] = [img.width, img.height, -1, -1, 0];
    for (let y = 0; y < img.height; y++)
      for (let x = 0; x < img.width; x++)
        if (near(px(x, y), P.tints[dir], 3)) {
          count++;
          [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
        }
    // A flash box is the price's size: dozens of device pixels each way, hundreds of tint pixels.
    if (count < 200 || x1 - x0 < 30 || y1 - y0 < 20) continue;
    let ink: Rgb = P.tints[dir];
    let upLike = 0;
    let downLike = 0;
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const p = px(x, y);
        if (contrast(p, P.tints[dir]) > contrast(ink, P.tints[dir])) ink = p;
        if (near(p, P.up, 40)) upLike++;
        if (near(p, P.down, 40)) downLike++;
      }
    return { dir, tint: count, ink, upLike, downLike };
  }
  return null;
}

/**
 * Screenshots the first `max` of `targets` in turn until one shows a flash of one of `dirs` (a flash lasts
 * 300 ms, once a second a row at most).
 */
async function catchFlash(
  page: Page,
  targets: Locator,
  dirs: readonly ('up' | 'down')[],
  max = 8,
  tries = 150,
): Promise<FlashPixels> {
  for (let i = 0; i < tries; i++) {
    const n = Math.min(max, await targets.count());
    for (let k = 0; k < n; k++) {
      const found = flashIn(await targets.nth(k).screenshot(), dirs);
      if (found) return found;
    }
    await page.waitForTimeout(20);
  }
  throw new Error(`no ${dirs.join('/')} flash caught`);
}

function expectReadable(f: FlashPixels): void {
  const ratio = contrast(f.ink, P.tints[f.dir]);
  expect(ratio, `text ${f.ink} on the ${f.dir} tint: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
  // The price's glyphs are the plain text colour, never a tone's (and so never the opposite one).
  expect(near(f.ink, P.text, 24), `glyph colour ${f.ink}`).toBe(true);
  expect([f.upLike, f.downLike]).toEqual([0, 0]);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(['en-US', 'ur-PK'])('tick flashes (%s)', (lang) => {
  it('the worker-painted market rows: the price reads ≥ 4.5:1 on its flash, in the text colour', async () => {
    const context = await phoneContext(browser, lang);
    await context.addInitScript((l) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
    }, lang);
    const page = await context.newPage();
    collectPageErrors(page, errors, 400);
    try {
      await page.goto(`${server.url}/pages/tabbar/markets`);
      const cells = page.locator('[data-testid=quote-row] canvas');
      await expect.poll(() => cells.count(), { timeout: 20_000 }).toBeGreaterThan(5);
      P = await readPalette(page);
      // One flash each way: on a green tint the price may be red (a fall on a day that is up) and the reverse.
      for (const dir of ['up', 'down'] as const) expectReadable(await catchFlash(page, cells, [dir]));
    } finally {
      await context.close();
    }
  });
});

describe('tick flashes on DOM prices', () => {
  it('the k-line price: computed colours at each flash and the pixels of one read ≥ 4.5:1', async () => {
    const context = await phoneContext(browser, 'en-US');
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en-US');
    });
    const page = await context.newPage();
    collectPageErrors(page, errors, 400);
    try {
      await page.goto(`${server.url}/pages/stock/stockKline?symbol=OGDC`);
      const price = page.getByTestId('kline-price');
      await expect.poll(() => price.textContent(), { timeout: 15_000 }).toMatch(/\d/);
      P = await readPalette(page);
      // Record the computed colours whenever a flash class is set (the style the user sees during it).
      await price.evaluate((el) => {
        const seen: { cls: string; color: string; bg: string }[] = [];
        (window as unknown as { __flashes: typeof seen }).__flashes = seen;
        new MutationObserver(() => {
          if (!/flash/i.test(el.className)) return;
          const cs = getComputedStyle(el);
          seen.push({ cls: el.className, color: cs.color, bg: cs.backgroundColor });
        }).observe(el, { attributes: true, attributeFilter: ['class'] });
      });
      const f = await catchFlash(page, price, ['up', 'down'], 1, 600);
      expectReadable(f);
      await page.waitForFunction(
        () => (window as unknown as { __flashes: unknown[] }).__flashes.length >= 2,
        null,
        { timeout: 20_000 },
      );
      const flashes = await page.evaluate(
        () => (window as unknown as { __flashes: { cls: string; color: string; bg: string }[] }).__flashes,
      );
      expect(flashes.length).toBeGreaterThan(0);
      const rgb = (css: string) =>
        /\d+/g.exec(css) ? (css.match(/\d+/g)!.slice(0, 3).map(Number) as Rgb) : null;
      for (const { cls, color, bg } of flashes) {
        const [c, b] = [rgb(color)!, rgb(bg)!];
        expect(contrast(c, b), `${cls}: ${color} on ${bg}`).toBeGreaterThanOrEqual(4.5);
        expect(near(c, P.up, 0) || near(c, P.down, 0), `${cls}: ${color}`).toBe(false);
      }
    } finally {
      await context.close();
    }
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
