// Defect e of the fast/offline issue, in Chromium at 360×800 and deviceScaleFactor 2, in English and Urdu:
// the k-line chart draws at the screen's density (every canvas's bitmap is its CSS size × devicePixelRatio;
// it was 1× before), and the chart's numbers (price axis, crosshair label, volume scale, legend) and the order
// book are grouped in thousands like the rest of the app. NESTLE trades above PKR 1,000, so its prices need
// the separator. The chart's canvas text is read by recording what it hands to fillText on the main thread
// (the market rows are painted in the worker, on OffscreenCanvas, so they are not in the record).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { collectPageErrors } from './support/page-checks.ts';

let server: RunningServer;
let browser: Browser;
const errors: string[] = [];

/** A price as the app writes it: grouped, two decimals. */
const GROUPED_PRICE = /^\d{1,3}(,\d{3})+\.\d{2}$/;
/** A number of four or more digits before the point with no separator: what the chart drew before. */
const UNGROUPED = /(^|[^\d,])\d{4,}(\.\d+)?([^\d]|$)/;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openKline(lang: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, lang);
  await context.addInitScript((l) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
    // Every string the page's own canvases draw (the chart's axes and labels).
    const drawn: string[] = [];
    (window as unknown as { __drawn: string[] }).__drawn = drawn;
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, w?: number) {
      if (drawn.length < 20_000) drawn.push(String(text));
      return w === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, w);
    };
  }, lang);
  const page = await context.newPage();
  collectPageErrors(page, errors, 400);
  await page.goto(`${server.url}/pages/stock/stockKline?symbol=NESTLE`);
  await page.getByTestId('kline-chart').locator('canvas').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    () => /MA5 \d/.test(document.querySelector('[data-testid=legend-main]')?.textContent ?? ''),
    null,
    { timeout: 15_000 },
  );
  return { context, page };
}

/** [bitmap width, bitmap height, CSS width × dpr, CSS height × dpr] of every canvas of the chart. */
function canvasSizes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLCanvasElement>('[data-testid=kline-chart] canvas')].map((c) => {
      const r = c.getBoundingClientRect();
      return [c.width, c.height, r.width * devicePixelRatio, r.height * devicePixelRatio];
    }),
  );
}

describe.each(['en-US', 'ur-PK'])('k-line chart at 2× (%s)', (lang) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await openKline(lang));
  });
  afterAll(async () => context?.close());

  it('draws every chart canvas at CSS size × devicePixelRatio', async () => {
    expect(await page.evaluate(() => devicePixelRatio)).toBe(2);
    await expect
      .poll(
        async () =>
          (await canvasSizes(page)).filter(
            ([w, h, cw, ch]) => cw! > 0 && (Math.abs(w! - cw!) > 1 || Math.abs(h! - ch!) > 1),
          ),
        { timeout: 10_000 },
      )
      .toEqual([]);
    const sizes = await canvasSizes(page);
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    // The candle pane is wider than a phone's CSS width: its bitmap holds device pixels.
    expect(Math.max(...sizes.map(([w]) => w!))).toBeGreaterThan(360);
  });

  it('writes the price axis, the volume scale and the legend with thousands separators', async () => {
    // A crosshair over the candles puts its price label on the axis too.
    const box = (await page.getByTestId('kline-chart').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await expect
      .poll(
        async () =>
          (await page.evaluate(() => (window as unknown as { __drawn: string[] }).__drawn)).filter((s) =>
            GROUPED_PRICE.test(s),
          ).length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(3);
    const drawn = await page.evaluate(() => (window as unknown as { __drawn: string[] }).__drawn);
    const numbers = drawn.filter((s) => /\d/.test(s) && !/:/.test(s));
    expect(numbers.filter((s) => UNGROUPED.test(s))).toEqual([]);
    // The volume scale is abbreviated as the rows write volume (80.00K), not the library's 80K.
    expect(numbers.some((s) => /^\d{1,3}\.\d{2}[KMG]$/.test(s))).toBe(true);
    expect(await page.getByTestId('legend-main').textContent()).toMatch(/MA5 \d{1,3}(,\d{3})+\.\d{2}/);
    expect(await page.getByTestId('legend-sub').textContent()).toMatch(/VOL \d[\d.]*[KMG]?/);
  });

  it('writes the order book with thousands separators', async () => {
    const rows = page.getByTestId('book-bids').locator('li');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(3);
    for (const side of ['book-bids', 'book-asks']) {
      // Each row: its depth bar (empty), a price and a quantity.
      const cells = await page
        .getByTestId(side)
        .locator('li > span')
        .evaluateAll((spans) => spans.map((s) => s.textContent ?? '').filter((t) => t !== ''));
      const prices = cells.filter((t) => t.includes('.'));
      expect(prices.length).toBeGreaterThan(3);
      expect(prices.every((t) => GROUPED_PRICE.test(t))).toBe(true);
      expect(cells.filter((t) => UNGROUPED.test(t))).toEqual([]);
    }
  });
});

describe('page health', () => {
  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
