// Painted row cells (workers/protocol/quote-cell.ts): which way this page paints them, the theme read from
// the page's CSS, and the worker-painted cell's life (transfer its canvas, follow its size, detach it).
//
// Two ways, decided once per page:
// - 'worker': the port draws into the canvas (transferControlToOffscreen): the market worker, so a tick costs
//   the main thread nothing; the canvas gets its accessible label from it about once a second.
// - 'dom': no OffscreenCanvas (older browsers, jsdom) or a port that paints no cells: plain text.
import nastaliq400 from '@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-400-normal.woff2?url';
import { transfer } from 'comlink';
import type { CellFont, CellLabel } from '../../workers/protocol/market-api.ts';
import { cellLabel, type QuoteCellLayout, type QuoteCellTheme } from '../../workers/protocol/quote-cell.ts';
import type { MarketPort } from './market-port.ts';

export type PaintMode = 'worker' | 'dom';

/** The words a cell draws, from the row's translations. */
export interface CellWords {
  volLabel: string;
  labelTemplate: string;
  rtl: boolean;
}

export function paintMode(port: MarketPort): PaintMode {
  const canvas = globalThis.HTMLCanvasElement?.prototype;
  return canvas && 'transferControlToOffscreen' in canvas && port.attachCell ? 'worker' : 'dom';
}

/** The Urdu volume label's face, as styles/fonts.css declares it (a worker cannot see the page's faces). */
const CELL_FONTS: CellFont[] = [
  {
    family: 'Noto Nastaliq Urdu',
    url: new URL(nastaliq400, globalThis.location?.href ?? 'http://localhost/').href,
    weight: '400',
    unicodeRange:
      'U+0600-06FF, U+0750-077F, U+0870-08FF, U+FB50-FDFF, U+FE70-FEFF, U+200C-200E, U+2010-2011, U+204F, U+2E41',
  },
];

interface PageTheme {
  theme: QuoteCellTheme;
  /** Height of the volume line (11 px × the tight line height: Nastaliq's is taller). */
  volLineHeight: number;
}

let themeCache: { key: string; value: PageTheme } | null = null;

/** The cell colours and fonts of the page as it is now (read once per language). */
export function pageTheme(doc: Document = document): PageTheme {
  const root = doc.documentElement;
  const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const key = `${root.lang}|${reduced}`;
  if (themeCache?.key === key) return themeCache.value;
  const css = getComputedStyle(root);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const value: PageTheme = {
    theme: {
      numFont: v('--font-num', 'system-ui, sans-serif'),
      textFont: v('--font-text', 'system-ui, sans-serif'),
      text: v('--text', '#eef2fb'),
      text2: v('--text-2', '#a7b2cc'),
      text3: v('--text-3', '#909cbd'),
      up: v('--up', '#16c784'),
      down: v('--down', '#f6465d'),
      pillUp: v('--pill-up', '#087f52'),
      pillDown: v('--pill-down', '#d12c44'),
      pillFlat: v('--surface-3', '#1f2f5c'),
      flashUp: v('--flash-up', '#0c453d'),
      flashDown: v('--flash-down', '#4f1e32'),
      noFlash: reduced,
    },
    volLineHeight: 11 * (Number.parseFloat(v('--lh-tight', '1.2')) || 1.2),
  };
  themeCache = { key, value };
  return value;
}

let sentTheme: QuoteCellTheme | null = null;

/**
 * The web fonts the theme draws with: the worker loads each one it is given at once, so an English page,
 * whose cells never draw Nastaliq, must not make it download the Urdu face.
 */
export function cellFontsFor(theme: QuoteCellTheme): CellFont[] {
  return CELL_FONTS.filter((f) => theme.textFont.includes(f.family));
}

/** Sends the page theme to the worker when it changed (a language switch changes fonts and line height). */
function syncTheme(port: MarketPort, theme: QuoteCellTheme): void {
  if (sentTheme === theme) return;
  sentTheme = theme;
  void port.setCellTheme?.(theme, cellFontsFor(theme));
}

export function cellLayout(width: number, height: number, words: CellWords): QuoteCellLayout {
  return {
    width,
    height,
    dpr: globalThis.devicePixelRatio || 1,
    rtl: words.rtl,
    volLabel: words.volLabel,
    volLineHeight: pageTheme().volLineHeight,
    labelTemplate: words.labelTemplate,
  };
}

let nextId = 1;
const labelled = new Map<number, HTMLCanvasElement>();
/** Re-sends every attached cell's layout (the device pixel ratio changed). */
const resizers = new Set<() => void>();
let dprWatch: { query: MediaQueryList; onChange: () => void } | null = null;

/**
 * Follows the device pixel ratio (browser zoom, a window moved to another screen): a ResizeObserver sees CSS
 * pixels only, so without this a cell would stay at the old resolution, blurred or oversized.
 */
function watchPixelRatio(): void {
  if (dprWatch || !globalThis.matchMedia) return;
  const query = globalThis.matchMedia(`(resolution: ${globalThis.devicePixelRatio || 1}dppx)`);
  const onChange = () => {
    query.removeEventListener('change', onChange);
    dprWatch = null;
    for (const resize of resizers) resize();
    if (resizers.size) watchPixelRatio();
  };
  query.addEventListener('change', onChange);
  dprWatch = { query, onChange };
}

/** Labels the worker posted (a batch's cellLabels): set straight on the canvases, outside React. */
export function applyCellLabels(labels: readonly CellLabel[]): void {
  for (const { id, label } of labels) labelled.get(id)?.setAttribute('aria-label', label);
}

export interface WorkerCell {
  /** The row's words changed (language). */
  relayout(words: CellWords): void;
  /** The row now shows another symbol (a re-sorted list keeps its rows in place and moves the symbols). */
  retarget(symbol: string): void;
  detach(): void;
}

/**
 * Calls `onBox` with the element's CSS box each time it changes to a non-empty size; returns the stop. A
 * ResizeObserver, so reading the size never forces a layout.
 */
function observeCellBox(el: Element, onBox: (w: number, h: number) => void): () => void {
  let last: { w: number; h: number } | null = null;
  const ro = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1]!.contentRect;
    if (!box.width || !box.height) return;
    if (last && last.w === box.width && last.h === box.height) return;
    last = { w: box.width, h: box.height };
    onBox(box.width, box.height);
  });
  ro.observe(el);
  return () => ro.disconnect();
}

/** The canvas a painted cell draws into: an image to assistive technology, labelled with its figures. */
export function createCellCanvas(host: HTMLElement, domId: string, label: string): HTMLCanvasElement {
  // No class of its own: the row's stylesheet sizes it as its cell's canvas (quote-row.module.css).
  const canvas = host.ownerDocument.createElement('canvas');
  canvas.id = domId;
  canvas.setAttribute('role', 'img');
  // Placeholders until the worker's first label (an image is never unlabelled).
  canvas.setAttribute('aria-label', label);
  host.appendChild(canvas);
  return canvas;
}

/**
 * Gives the worker a new canvas in `host` to draw `symbol` into. The canvas is made here (not by React)
 * because a canvas can hand its control over once only, and StrictMode mounts effects twice. It is
 * transferred once its size is known (a ResizeObserver, so no layout is forced); later sizes and words are
 * relayouts of the same cell.
 */
export function attachWorkerCell(
  port: MarketPort,
  host: HTMLElement,
  domId: string,
  symbol: string,
  words: CellWords,
): WorkerCell {
  const id = nextId++;
  const canvas = createCellCanvas(host, domId, cellLabel(words.labelTemplate, null));
  let size: { w: number; h: number } | null = null;
  let attached = false;
  let current = words;
  let shown = symbol;
  const send = () => {
    if (!size) return;
    syncTheme(port, pageTheme().theme);
    const layout = cellLayout(size.w, size.h, current);
    if (attached) return void port.relayoutCell?.(id, layout);
    attached = true;
    labelled.set(id, canvas);
    const off = canvas.transferControlToOffscreen();
    void port.attachCell?.(id, transfer(off, [off]), shown, layout);
  };
  const stopObserving = observeCellBox(canvas, (w, h) => {
    size = { w, h };
    send();
  });
  resizers.add(send);
  watchPixelRatio();
  return {
    relayout(next) {
      current = next;
      send();
    },
    retarget(next) {
      if (next === shown) return;
      shown = next;
      // Not attached yet: the attach names the new symbol. Placeholders in the label until the worker's.
      canvas.setAttribute('aria-label', cellLabel(current.labelTemplate, null));
      if (attached) void port.retargetCell?.(id, next);
    },
    detach() {
      stopObserving();
      resizers.delete(send);
      labelled.delete(id);
      canvas.remove();
      if (attached) void port.detachCell?.(id);
    },
  };
}

/** Tests: forget the theme sent, the cells labelled and the pixel-ratio watch. */
export function resetCells(): void {
  themeCache = null;
  sentTheme = null;
  labelled.clear();
  resizers.clear();
  dprWatch?.query.removeEventListener('change', dprWatch.onChange);
  dprWatch = null;
}
