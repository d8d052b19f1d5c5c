// The Nastaliq subset (scripts/build/nastaliq-subset.ts) draws Urdu exactly as the full font does, in
// Chromium: every Urdu text of the app and a sample of what a user may type, in both weights, pixel for pixel
// (each drawn on a canvas with either font: screenshots of all of them took two minutes);
// and Home, Markets and login at 360×800 as built (the subsets) against the same page, offline so its data
// holds still, with the full @fontsource files put in their place (live figures masked: they are not
// Nastaliq). The screens' PNGs go to tests/e2e/screenshots/nastaliq-{subset,full}-<screen>.png for a look.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { NASTALIQ_UNICODE_RANGE, URDU_TYPING } from '../../scripts/build/nastaliq-subset.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const require = createRequire(import.meta.url);
const WEIGHTS = [400, 700] as const;
const OUT = 'tests/e2e/screenshots';

const fullFont = (w: number) =>
  fs.readFileSync(
    require.resolve(`@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-${w}-normal.woff2`),
  );
function builtSubset(w: number): { name: string; bytes: Buffer } {
  const name = fs
    .readdirSync('dist/assets')
    .find((f) => f.startsWith(`noto-nastaliq-urdu-arabic-${w}-normal-`) && f.endsWith('.woff2'));
  if (!name) throw new Error(`no Nastaliq ${w} in dist/assets: build first`);
  return { name, bytes: fs.readFileSync(path.join('dist/assets', name)) };
}

/** Every string value of the Urdu locale files. */
function urduTexts(): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const f of fs.readdirSync('locales/ur-PK').sort())
    walk(JSON.parse(fs.readFileSync(path.join('locales/ur-PK', f), 'utf8')));
  return out;
}

/**
 * Pixels of two same-sized PNGs (decoded by the browser) whose colours differ by more than `tolerance` in a
 * channel; -1 when the sizes differ.
 */
async function differingPixels(page: Page, a: Buffer, b: Buffer, tolerance = 0): Promise<number> {
  if (a.equals(b)) return 0;
  return page.evaluate(
    async ([a64, b64, tol]) => {
      const decode = async (b: string) => {
        const bmp = await createImageBitmap(await (await fetch(`data:image/png;base64,${b}`)).blob());
        const c = new OffscreenCanvas(bmp.width, bmp.height);
        const ctx = c.getContext('2d');
        if (!ctx) throw new Error('no 2d context');
        ctx.drawImage(bmp, 0, 0);
        return ctx.getImageData(0, 0, bmp.width, bmp.height);
      };
      const [x, y] = await Promise.all([decode(a64), decode(b64)]);
      if (x.width !== y.width || x.height !== y.height) return -1;
      let n = 0;
      for (let i = 0; i < x.data.length; i += 4)
        for (let c = 0; c < 4; c++)
          if (Math.abs((x.data[i + c] ?? 0) - (y.data[i + c] ?? 0)) > tol) {
            n++;
            break;
          }
      return n;
    },
    [a.toString('base64'), b.toString('base64'), tolerance] as const,
  );
}

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Nastaliq subset', () => {
  it('is smaller than the full font, for the characters the stylesheet and the worker give Nastaliq', () => {
    for (const w of WEIGHTS) expect(builtSubset(w).bytes.length).toBeLessThan(fullFont(w).length * 0.8);
    for (const file of ['src/styles/fonts.css', 'src/market/cells.ts']) {
      const text = fs.readFileSync(file, 'utf8').replace(/\s+/g, ' ');
      expect(text, file).toContain(NASTALIQ_UNICODE_RANGE);
    }
  });

  it('shapes every Urdu text of the app and typed Urdu exactly as the full font', async () => {
    const ctx = await phoneContext(browser, 'ur-PK');
    const page = await ctx.newPage();
    try {
      // Typed words: the alphabet in joined runs (every letter initial, medial and final) and each alone.
      const letters = [...URDU_TYPING].filter((c) => /\p{L}/u.test(c));
      const typed = [letters.join(''), letters.join(' '), `${letters.join('ل')}ل`, URDU_TYPING];
      const texts = [...urduTexts(), ...typed];
      await page.setContent('<!doctype html><html lang="ur" dir="rtl"><body></body></html>');
      for (const w of WEIGHTS) {
        // Each text drawn on a canvas (Chromium shapes it as it does the page: HarfBuzz, right to left) with
        // the full font and with the subset; a glyph the subset lacks falls back to another font and shows.
        const differing = await page.evaluate(
          async ([full64, subset64, weight, unicodeRange, all]) => {
            const face = async (family: string, b64: string) => {
              const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
              document.fonts.add(
                await new FontFace(family, data, { weight: String(weight), unicodeRange }).load(),
              );
            };
            await face('Full', full64);
            await face('Subset', subset64);
            const canvas = new OffscreenCanvas(16, 16);
            const ctx = canvas.getContext('2d', { willReadFrequently: true });
            if (!ctx) throw new Error('no 2d context');
            const draw = (family: string, text: string, width: number) => {
              ctx.clearRect(0, 0, width, 60);
              ctx.fillStyle = '#000';
              ctx.font = `${weight} 22px '${family}'`;
              ctx.direction = 'rtl';
              ctx.textBaseline = 'middle';
              ctx.fillText(text, width - 4, 30);
              return ctx.getImageData(0, 0, width, 60).data;
            };
            const out: string[] = [];
            for (const text of all) {
              ctx.font = `${weight} 22px 'Full'`;
              const width = Math.ceil(ctx.measureText(text).width) + 8;
              ctx.font = `${weight} 22px 'Subset'`;
              if (Math.ceil(ctx.measureText(text).width) + 8 !== width) {
                out.push(text);
                continue;
              }
              if (canvas.width < width) canvas.width = width;
              canvas.height = 60;
              const a = draw('Full', text, width);
              const b = draw('Subset', text, width);
              for (let i = 0; i < a.length; i++)
                if (a[i] !== b[i]) {
                  out.push(text);
                  break;
                }
            }
            return out;
          },
          [
            fullFont(w).toString('base64'),
            builtSubset(w).bytes.toString('base64'),
            w,
            NASTALIQ_UNICODE_RANGE,
            texts,
          ] as const,
        );
        expect(differing, `weight ${w}: texts drawn differently by the subset`).toEqual([]);
      }
    } finally {
      await ctx.close();
    }
  });

  it('leaves Home, Markets and login looking the same at 360×800', async () => {
    fs.mkdirSync(OUT, { recursive: true });
    const screens = [
      ['home', '/', '[data-testid="home-markets"]'],
      ['markets', '/pages/tabbar/markets', '[data-testid="list-psx"]'],
      ['login', '/pages/account/login', 'form'],
    ] as const;
    for (const [name, url, ready] of screens) {
      const ctx = await phoneContext(browser, 'ur-PK', { reducedMotion: 'reduce', serviceWorkers: 'block' });
      const page = await ctx.newPage();
      try {
        await page.goto(server.url + url);
        await page.locator(ready).first().waitFor();
        await page.evaluate(() => document.fonts.ready);
        await page.waitForLoadState('networkidle');
        // Offline, the figures and the list order stop moving, so both shots show the same data.
        await ctx.setOffline(true);
        // Where prices show, the badge then turns Offline and the lists add their "as of" note above the rows:
        // wait for it, or the rows move down between the two shots.
        if (await page.getByTestId('feed-badge').count())
          await page.locator('[data-testid="feed-badge"][data-status="offline"]').first().waitFor();
        const shoot = async (font: 'subset' | 'full') => {
          // Live figures and their canvases (masked) are not drawn in Nastaliq.
          const shot = await page.screenshot({
            mask: [page.locator('canvas, bdi.num, [data-testid="feed-badge"]')],
            animations: 'disabled',
          });
          fs.writeFileSync(`${OUT}/nastaliq-${font}-${name}.png`, shot);
          return shot;
        };
        const loaded = () =>
          page.evaluate(() =>
            [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.weight}`),
          );
        expect(await loaded()).toContain('Noto Nastaliq Urdu 400');
        const subset = await shoot('subset');
        // The same page with the full font files in place of the built subsets (same unicode-range).
        await page.evaluate(
          async ([fonts, unicodeRange]) => {
            for (const [weight, b64] of fonts) {
              const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
              const face = new FontFace('Nastaliq Full', data, { weight: String(weight), unicodeRange });
              document.fonts.add(await face.load());
            }
            document.documentElement.style.setProperty(
              '--font-text',
              `'Nastaliq Full', ${getComputedStyle(document.documentElement).getPropertyValue('--font-ui')}`,
            );
            await document.fonts.ready;
          },
          [WEIGHTS.map((w) => [w, fullFont(w).toString('base64')] as const), NASTALIQ_UNICODE_RANGE] as const,
        );
        expect(await loaded()).toEqual(expect.arrayContaining(['Nastaliq Full 400', 'Nastaliq Full 700']));
        // The words are now drawn with the full files (the subsets stay loaded but unused).
        expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
          /^"Nastaliq Full"/,
        );
        const full = await shoot('full');
        // Compared on a blank page: the app's CSP refuses the data: URLs the comparison decodes.
        const blank = await ctx.newPage();
        expect(await differingPixels(blank, full, subset), name).toBe(0);
      } finally {
        await ctx.close();
      }
    }
  });
});
