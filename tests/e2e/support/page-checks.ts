// What every browser test asks of a page besides its own story: no script errors, no failed requests,
// and no serious or critical accessibility violations.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type axe from 'axe-core';
import type { AxeResults } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page now, from `rules` only when given, inside `include` when given. axe is
 * put in the document once and run there: @axe-core/playwright's AxeBuilder took 1.4–1.6 s a call here (it
 * puts axe in every frame again and finishes each run in a new blank page), this about 0.15 s. The app and the
 * console draw no frames.
 */
export async function axeViolations(
  p: Page,
  o: { include?: string; rules?: readonly string[] } = {},
): Promise<AxeResults['violations']> {
  if (!(await p.evaluate(() => 'axe' in window))) await p.evaluate(AXE_SOURCE);
  return p.evaluate(
    async ({ include, rules }) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      const res = await inPage.run(include ? { include: [include] } : document, {
        resultTypes: ['violations'],
        ...(rules ? { runOnly: { type: 'rule', values: [...rules] } } : {}),
      });
      return res.violations;
    },
    { include: o.include, rules: o.rules },
  );
}

/** Violations one line each: "rule (impact): where, where". */
export function axeLines(violations: AxeResults['violations']): string[] {
  return violations.map(
    (v) => `${v.id} (${v.impact ?? ''}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

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

/** axe's serious and critical violations inside `include` (default: the page), one line each (empty when clean). */
export async function axeSeriousOrCritical(p: Page, include?: string): Promise<string[]> {
  // Price flashes are 0.6 s tints; judge the resting colours (the app honours reduced motion).
  await p.emulateMedia({ reducedMotion: 'reduce' });
  const violations = await axeViolations(p, include ? { include } : {});
  await p.emulateMedia({ reducedMotion: 'no-preference' });
  return axeLines(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'));
}

/** The smallest a control may be, either way (CSS px; var(--touch-min)). */
/**
 * Defect i of the fast/offline issue: one <main>, no content outside landmarks (landmarks.test.ts,
 * every-screen-targets.test.ts).
 */
export const LANDMARK_RULES = [
  'landmark-one-main',
  'region',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'landmark-main-is-top-level',
];

export const MIN_TARGET_PX = 44;

/**
 * Visible controls (links, buttons, fields, tabs) smaller than MIN_TARGET_PX either way inside `include`, one
 * line each (empty when every one is big enough). A link inside a sentence is exempt (WCAG 2.5.5 "inline").
 */
export async function smallTargets(p: Page, include = 'body'): Promise<string[]> {
  return p.evaluate(
    ({ include, min }) => {
      const sel =
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], [role="radio"]';
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(`${include} :is(${sel})`)) {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (!r.width || !r.height || style.visibility === 'hidden' || el.closest('[aria-hidden="true"]'))
          continue;
        // A field's box is the target (the input fills it; a checkbox sits in its label's full row).
        const target = el.matches('input, select, textarea')
          ? (el.closest('label') ?? el.parentElement ?? el)
          : el;
        const box = target.getBoundingClientRect();
        if (style.display === 'inline' && el.closest('p')) continue;
        if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      return out;
    },
    { include, min: MIN_TARGET_PX },
  );
}
