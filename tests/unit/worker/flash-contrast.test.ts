// Defect f of the fast/offline issue: a tick flash never contradicts the price colour and the price stays at
// least 4.5:1 (WCAG AA) over the flash. The colours are the app's own, read from its stylesheets' :root
// custom properties (src/styles/, src/features/**): the worker-painted cells through pageTheme (the theme the
// worker is sent) and paintQuoteCell, the DOM prices through the stylesheet's flash rule. Every pair: up, down
// and flat prices on up and down flashes, over every surface a price sits on. The app has one (dark) palette;
// a light one would have to be added here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageTheme } from '../../../src/market/cells.ts';
import {
  paintQuoteCell,
  priceInk,
  type QuoteCellTheme,
  type Tone,
} from '../../../workers/protocol/quote-cell.ts';
import { layout, RecordingContext } from './cell-context.ts';

const CSS_ROOTS = ['src/styles', 'src/features', 'src/shared'];

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cssFiles(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : [],
  );
}

const STYLES = CSS_ROOTS.flatMap(cssFiles).map((f) =>
  readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
);

/** Every custom property declared in a :root block. */
function rootVars(): Map<string, string> {
  const vars = new Map<string, string>();
  for (const css of STYLES) {
    for (const block of css.matchAll(/:root\s*\{([^}]*)\}/g)) {
      for (const m of block[1]!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) vars.set(m[1]!, m[2]!.trim());
    }
  }
  return vars;
}

const VARS = rootVars();

function resolve(value: string, depth = 0): string {
  const m = /^var\((--[\w-]+)(?:\s*,\s*(.+))?\)$/.exec(value.trim());
  if (!m) return value.trim();
  if (depth > 8) throw new Error(`var() loop at ${value}`);
  const next = VARS.get(m[1]!) ?? m[2];
  if (next === undefined) throw new Error(`${m[1]} is not declared in a :root block`);
  return resolve(next, depth + 1);
}

type Rgba = [r: number, g: number, b: number, a: number];

function parseColor(text: string): Rgba {
  const c = resolve(text).toLowerCase();
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/.exec(c);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((x) => x + x).join('') : hex[1]!;
    return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[/,]\s*([\d.]+)(%?))?\s*\)$/.exec(c);
  if (rgb) {
    const a = rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] ? 100 : 1);
    return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), a];
  }
  throw new Error(`cannot read the colour ${text} (${c})`);
}

/** `top` over an opaque `under`. */
function over(top: Rgba, under: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast of text (composited on the background first when translucent) over an opaque background. */
function contrast(text: Rgba, bg: Rgba): number {
  const a = luminance(over(text, bg));
  const b = luminance(bg);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The surfaces a price sits on: the page (rows, k-line summary) and the cards (index cards). */
const SURFACES = ['--bg', '--bg-2', '--surface', '--surface-2'].map((v) => ({
  v,
  rgba: parseColor(`var(${v})`),
}));
const TONES: readonly Tone[] = ['up', 'down', 'flat'];
const FLASHES = ['up', 'down'] as const;
const AA = 4.5;

let theme: QuoteCellTheme;

beforeAll(() => {
  // pageTheme reads the document's computed custom properties: give it the stylesheets' :root values.
  vi.stubGlobal('getComputedStyle', () => ({ getPropertyValue: (name: string) => VARS.get(name) ?? '' }));
  theme = pageTheme({ documentElement: { lang: 'flash-contrast-test' } } as unknown as Document).theme;
});
afterAll(() => vi.unstubAllGlobals());

describe('the palette', () => {
  it('has one (dark) scheme: a light one must be measured here too', () => {
    expect(STYLES.some((css) => /prefers-color-scheme\s*:\s*light/.test(css))).toBe(false);
    expect(VARS.get('--flash-up')).toBeDefined();
    expect(VARS.get('--flash-down')).toBeDefined();
  });
});

describe('worker-painted cells: the price over a flash', () => {
  it.each(TONES.flatMap((tone) => FLASHES.map((flash) => [tone, flash] as const)))(
    'a %s price on a %s flash stays ≥ 4.5:1 and never takes the opposite colour',
    (tone, flash) => {
      const ctx = new RecordingContext();
      paintQuoteCell(ctx, layout(), theme, {
        price: '1,234.50',
        volume: '1.23M',
        changePct: '+1.00%',
        tone,
        flash,
      });
      const price = ctx.texts().find((o) => o.text === '1,234.50')!;
      const tint = ctx
        .rects()
        .find((r) => r.fillStyle === (flash === 'up' ? theme.flashUp : theme.flashDown));
      expect(tint, 'the flash tint is painted behind the price').toBeDefined();
      expect(price.fillStyle).toBe(priceInk(theme, tone, flash).text);
      // The text never says the opposite of the tint it sits on.
      expect(price.fillStyle).not.toBe(flash === 'up' ? theme.down : theme.up);
      for (const s of SURFACES) {
        const bg = over(parseColor(String(tint!.fillStyle)), s.rgba);
        const ratio = contrast(parseColor(String(price.fillStyle)), bg);
        expect(ratio, `${tone} on ${flash} over ${s.v}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(AA);
      }
    },
  );

  it('with flashes off (reduced motion) the price keeps its tone colour and no tint is painted', () => {
    for (const tone of TONES) {
      const ink = priceInk({ ...theme, noFlash: true }, tone, 'up');
      expect(ink.tint).toBeNull();
      expect(ink.text).toBe(tone === 'up' ? theme.up : tone === 'down' ? theme.down : theme.text);
    }
  });
});

/** The colour the stylesheets give a flashing price: the declaration of the rule that matches tone + flash. */
function domFlashColor(flash: 'up' | 'down'): string {
  const sel = new RegExp(`\\.flash-?${flash}\\b`, 'i');
  for (const css of STYLES) {
    for (const m of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      if (!sel.test(m[1]!) || !/\.(up|down|flat)\b/.test(m[1]!)) continue;
      const color = /(?:^|;)\s*color\s*:\s*([^;]+)/.exec(m[2]!);
      if (color) return color[1]!.trim();
    }
  }
  throw new Error(`no rule colours a price with a tone during a ${flash} flash`);
}

describe('DOM prices (rows without OffscreenCanvas, index cards, the k-line price): the price over a flash', () => {
  it.each(FLASHES)('on a %s flash every tone reads ≥ 4.5:1', (flash) => {
    const text = parseColor(domFlashColor(flash));
    const tint = parseColor(`var(--flash-${flash})`);
    for (const s of SURFACES) {
      const ratio = contrast(text, over(tint, s.rgba));
      expect(ratio, `${flash} flash over ${s.v}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('fails the old look, so it would have caught it: a red price on the 30 % green tint (2.4–3.1:1 by surface)', () => {
    for (const s of SURFACES) {
      const old = over(parseColor('rgb(22 199 132 / 30%)'), s.rgba);
      expect(contrast(parseColor('var(--down)'), old)).toBeLessThan(AA);
    }
  });
});
