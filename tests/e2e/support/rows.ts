// Reading market rows in Chromium. The app's rows are painted by the market worker into canvases, so their
// figures are read from each canvas's accessible label ("Price 714.90, change +4.82%, volume 225.53K"),
// which the worker refreshes about once a second; DOM rows (no OffscreenCanvas) from the price text.
import type { Page } from 'playwright-core';

/** The price shown in each of the first `n` rows, keyed by symbol ('' while a row has none). */
export async function rowPrices(p: Page, n = 12): Promise<Record<string, string>> {
  return p.evaluate((max) => {
    const out: Record<string, string> = {};
    for (const row of [...document.querySelectorAll('[data-testid=quote-row]')].slice(0, max)) {
      const label = row.querySelector('canvas')?.getAttribute('aria-label');
      const text = label ?? row.querySelector('[data-testid=quote-price]')?.textContent ?? '';
      out[row.getAttribute('data-symbol') ?? ''] = /[\d,]+\.\d+/.exec(text)?.[0] ?? '';
    }
    return out;
  }, n);
}
