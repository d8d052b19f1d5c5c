// Where text is actually drawn (its ink), for the Urdu collision checks: Nastaliq letters climb and drop far
// beyond the line box, so element boxes say nothing about overlaps, and canvas measureText overstates them.
// So the pixels are compared: every text and icon of the page is made transparent, then each text-bearing
// element (or icon) of the scope is drawn alone in white, and its ink is where the screenshot differs from
// the all-transparent one. Two pieces whose ink shares pixels collide; a piece whose ink grows when its boxes
// stop clipping vertically (overflow-y: visible) was cut off.
import type { Page } from 'playwright-core';
import sharp from 'sharp';

/** Pixels that differ by more than this (0–255, grey) are ink; anti-aliased fringes of a touch stay below. */
const INK = 60;
/** Shared ink pixels that count as a collision (a glyph's fringe touching another's is not one). */
const MIN_OVERLAP = 3;
const HIDE_ALL =
  'body, body * { color: transparent !important; text-shadow: none !important; caret-color: transparent !important; }';

async function grey(p: Page, clip: { x: number; y: number; width: number; height: number }) {
  const png = await p.screenshot({ clip, animations: 'disabled', scale: 'css' });
  return sharp(png).greyscale().raw().toBuffer();
}

/**
 * Inside the first element matching `scope`: pieces of text whose ink runs into another piece's or an icon's,
 * and text whose ink is cut off by a clipping box. One line per finding (empty when clean).
 */
export async function inkFindings(p: Page, scope: string): Promise<string[]> {
  await p.evaluate(() => document.fonts.ready);
  const { pieces, clip } = await p.evaluate((scope) => {
    const root = document.querySelector(scope);
    if (!root) throw new Error(`ink: ${scope} not found`);
    root.scrollIntoView({ block: 'center' });
    const els: Element[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (el && n.textContent?.trim() && !el.closest('svg') && !els.includes(el)) els.push(el);
    }
    els.push(...root.querySelectorAll('svg'));
    els.forEach((el, k) => el.setAttribute('data-ink', String(k)));
    const pieces = els.map((el, k) => ({
      k,
      label: el.tagName === 'svg' ? 'icon' : `"${(el.textContent ?? '').trim().slice(0, 24)}"`,
      parents: els.flatMap((o, j) => (j !== k && o.contains(el) ? [j] : [])),
    }));
    const r = root.getBoundingClientRect();
    const x = Math.max(0, Math.floor(r.left - 16));
    const y = Math.max(0, Math.floor(r.top - 24));
    const clip = {
      x,
      y,
      width: Math.min(innerWidth, Math.ceil(r.right + 16)) - x,
      height: Math.min(innerHeight, Math.ceil(r.bottom + 24)) - y,
    };
    return { pieces, clip };
  }, scope);
  // A constructed style sheet: the app's CSP forbids <style> elements, not the CSSOM.
  const setCss = (css: string) =>
    p.evaluate((css) => {
      const w = window as unknown as { __inkSheet?: CSSStyleSheet };
      if (!w.__inkSheet) {
        w.__inkSheet = new CSSStyleSheet();
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, w.__inkSheet];
      }
      w.__inkSheet.replaceSync(css);
    }, css);
  await setCss(HIDE_ALL);
  const show = (k: number) => `[data-ink="${k}"], svg[data-ink="${k}"] * { color: #fff !important; }`;
  const inkOf = async (css: string, base: Buffer) => {
    await setCss(`${HIDE_ALL}\n${css}`);
    const img = await grey(p, clip);
    const mask = new Uint8Array(img.length);
    for (let i = 0; i < img.length; i++) mask[i] = Math.abs(img[i]! - base[i]!) > INK ? 1 : 0;
    return mask;
  };
  /** The first and last pixel rows with ink. */
  const rows = (m: Uint8Array, width: number): [number, number] => {
    let top = Infinity;
    let bottom = -Infinity;
    for (let i = 0; i < m.length; i++)
      if (m[i]) {
        const y = Math.floor(i / width);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    return [top, bottom];
  };
  const out: string[] = [];
  try {
    const base = await grey(p, clip);
    // Clipping undone vertically only (sideways, an ellipsis stays an ellipsis).
    const unclip = `${scope}, ${scope} * { overflow: clip visible !important; }`;
    await setCss(`${HIDE_ALL}\n${unclip}`);
    const baseUnclipped = await grey(p, clip);
    const masks: Uint8Array[] = [];
    for (const piece of pieces) {
      const mask = await inkOf(show(piece.k), base);
      masks.push(mask);
      if (piece.label === 'icon') continue;
      const unclipped = await inkOf(`${show(piece.k)}\n${unclip}`, baseUnclipped);
      const [top, bottom] = rows(mask, clip.width);
      const [top2, bottom2] = rows(unclipped, clip.width);
      if (top2 < top - 1 || bottom2 > bottom + 1)
        out.push(`${piece.label} clipped: ink rows ${top}–${bottom}, unclipped ${top2}–${bottom2}`);
    }
    for (const a of pieces)
      for (const b of pieces) {
        if (b.k <= a.k || a.parents.includes(b.k) || b.parents.includes(a.k)) continue;
        if (a.label === 'icon' && b.label === 'icon') continue;
        const ma = masks[a.k]!;
        const mb = masks[b.k]!;
        let shared = 0;
        for (let i = 0; i < ma.length; i++) shared += ma[i]! & mb[i]!;
        if (shared >= MIN_OVERLAP) out.push(`${a.label} runs into ${b.label} (${shared} px)`);
      }
  } finally {
    await setCss('');
    await p.evaluate(() =>
      document.querySelectorAll('[data-ink]').forEach((el) => el.removeAttribute('data-ink')),
    );
  }
  return out;
}
