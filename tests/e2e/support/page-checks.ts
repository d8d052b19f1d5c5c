// What every browser test asks of a page besides its own story: no script errors, no failed requests,
// and no serious or critical accessibility violations.
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';

/**
 * Pushes page errors, console errors and HTTP answers at or above `minHttpStatus` into `errors`. The
 * console's own "Failed to load resource" line is skipped: the response listener reports it with its URL.
 */
export function collectPageErrors(page: Page, errors: string[], minHttpStatus: number): void {
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      errors.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= minHttpStatus) errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
}

/** axe's serious and critical violations inside `include`, one line each (empty when clean). */
export async function axeSeriousOrCritical(p: Page, include: string): Promise<string[]> {
  // Price flashes are 0.6 s tints; judge the resting colours (the app honours reduced motion).
  await p.emulateMedia({ reducedMotion: 'reduce' });
  const res = await new AxeBuilder({ page: p }).include(include).analyze();
  await p.emulateMedia({ reducedMotion: 'no-preference' });
  return res.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
