// The live half of a market row (price, volume, change pill) drawn on a canvas, by the market worker into an
// OffscreenCanvas (the app's rows) or on the main thread (ports without a worker: the bench's baseline). Both
// ends run it, so it lives in protocol/. Pure: it draws what it is given and keeps no state.
//
// Why a canvas: in the stream bench the rows' text (three short numbers per row, ten times a second) cost the
// main thread about 5 % of its time in layout, paint and commit, the same in ours and in the baseline. Drawn
// by the worker into a transferred canvas, a tick reaches the screen without a main-thread task at all
// (measured in a bare page: 13 rows at 20 Hz, 5.4 % busy as DOM text, 0.25 % as worker-drawn canvases).
//
// The look copies the DOM row it replaced (src/features/markets/styles/list.css): a 112 px price column
// (price over "Vol 1.23M") and an 82 × 32 pill, 10 px apart, at the end of the row; mirrored in
// right-to-left.

/** A row flashes at most once in this many ms of ticker time (a 10 Hz symbol would otherwise strobe). */
export const FLASH_MIN_GAP_MS = 1000;
/** How long a flash shows (wall clock). */
export const FLASH_SHOW_MS = 300;

/** Whether this move may flash: it moved, and the row's last flash is at least FLASH_MIN_GAP_MS old. */
export function shouldFlash(moved: boolean, ts: number, lastFlashTs: number | undefined): boolean {
  return moved && (lastFlashTs === undefined || ts - lastFlashTs >= FLASH_MIN_GAP_MS || ts < lastFlashTs);
}

export type Tone = 'up' | 'down' | 'flat';

/** A quote's colour from its change against the previous close (its sign only). */
export function toneOf(changePct: number): Tone {
  return changePct > 0 ? 'up' : changePct < 0 ? 'down' : 'flat';
}

/** What one cell shows; null fields draw the '--' placeholder. */
export interface QuoteFigures {
  price: string;
  volume: string;
  changePct: string;
  /** Against the previous close: colours the price and the pill. */
  tone: Tone;
  /** A flash showing now (the last move's direction), or null. */
  flash: 'up' | 'down' | null;
}

/**
 * The price's colours: its tone's colour on nothing, or, while a flash shows, the plain text colour on the
 * flash's tint. The tint says which way the last tick went and the tone which way the day went; red text on a
 * green tint contradicted itself and measured 2.7:1, and even a tone on its own tint stayed under 4.5:1. The
 * DOM prices do the same (src/features/markets/styles/list.css); tests/unit/worker/flash-contrast.test.ts
 * measures every pair.
 */
export function priceInk(
  theme: Pick<QuoteCellTheme, 'text' | 'up' | 'down' | 'flashUp' | 'flashDown' | 'noFlash'>,
  tone: Tone,
  flash: 'up' | 'down' | null,
): { tint: string | null; text: string } {
  if (flash && !theme.noFlash) {
    return { tint: flash === 'up' ? theme.flashUp : theme.flashDown, text: theme.text };
  }
  return { tint: null, text: tone === 'up' ? theme.up : tone === 'down' ? theme.down : theme.text };
}

/** Colours and fonts, read from the page's CSS custom properties (src/market/cells.ts). */
export interface QuoteCellTheme {
  numFont: string;
  textFont: string;
  text: string;
  text2: string;
  text3: string;
  up: string;
  down: string;
  pillUp: string;
  pillDown: string;
  pillFlat: string;
  flashUp: string;
  flashDown: string;
  /** Flashes off (prefers-reduced-motion). */
  noFlash: boolean;
}

/** One cell's box and words (set when it is attached; size again on resize). */
export interface QuoteCellLayout {
  /** CSS pixels. */
  width: number;
  height: number;
  dpr: number;
  rtl: boolean;
  /** The volume label ('Vol', 'حجم'). */
  volLabel: string;
  /** The volume line's height in CSS px (the row's tight line height: Nastaliq needs more). */
  volLineHeight: number;
  /** Accessible text with {price}, {change} and {volume} placeholders. */
  labelTemplate: string;
}

/** The subset of a 2D context this draws with (CanvasRenderingContext2D and its Offscreen twin both fit). */
export interface CellContext {
  fillStyle: unknown;
  font: string;
  textAlign: 'left' | 'right' | 'center' | 'start' | 'end';
  textBaseline: 'top' | 'hanging' | 'middle' | 'alphabetic' | 'ideographic' | 'bottom';
  direction: 'ltr' | 'rtl' | 'inherit';
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  beginPath(): void;
  roundRect(x: number, y: number, w: number, h: number, r: number): void;
  fill(): void;
}

/** What a cell draws into: an OffscreenCanvas or a canvas element (tests pass a fake). */
export interface CellSurface {
  width: number;
  height: number;
  getContext(kind: '2d'): unknown;
}

export const PRICE_COL = 112;
export const PILL_W = 82;
export const PILL_H = 32;
export const CELL_GAP = 10;
const PRICE_LINE = 18;
const LINE_GAP = 2;
const PRICE_PAD = 4;
/** A space's width at 11 px between the volume and its label. */
const LABEL_SPACE = 3;

/** The device-pixel size a canvas should have for this layout. */
export function canvasSize(l: Pick<QuoteCellLayout, 'width' | 'height' | 'dpr'>): { w: number; h: number } {
  return { w: Math.max(1, Math.round(l.width * l.dpr)), h: Math.max(1, Math.round(l.height * l.dpr)) };
}

/** The cell's accessible text: the template with the figures in it (placeholders when there are none). */
export function cellLabel(template: string, f: QuoteFigures | null): string {
  return template
    .replace('{price}', f?.price ?? '--')
    .replace('{change}', f?.changePct ?? '--')
    .replace('{volume}', f?.volume ?? '--');
}

/**
 * Draws one cell. The live half hugs the row's end edge: in left-to-right the pill is rightmost with the
 * price column before it, text right-aligned; in right-to-left the pill is leftmost and the column's text
 * starts at its left edge (as the flex layout it replaces put it). Numbers are always drawn left to right.
 */
export function paintQuoteCell(
  ctx: CellContext,
  l: QuoteCellLayout,
  theme: QuoteCellTheme,
  f: QuoteFigures | null,
): void {
  const { width: W, height: H } = l;
  ctx.setTransform(l.dpr, 0, 0, l.dpr, 0, 0);
  ctx.clearRect(0, 0, W, H);
  ctx.textBaseline = 'middle';
  // A main-thread canvas inherits the page's direction: numbers must not be reordered ('-0.23%').
  ctx.direction = 'ltr';
  // LTR: [price column][gap][pill] ending at the right edge; RTL: [pill][gap][price column] from the left.
  const content = PRICE_COL + CELL_GAP + PILL_W;
  const colX = l.rtl ? PILL_W + CELL_GAP : W - content;
  const pillX = l.rtl ? 0 : W - PILL_W;
  const top = (H - (PRICE_LINE + LINE_GAP + l.volLineHeight)) / 2;
  const priceY = top + PRICE_LINE / 2;
  const volY = top + PRICE_LINE + LINE_GAP + l.volLineHeight / 2;
  const tone = f?.tone ?? 'flat';
  ctx.textAlign = 'left';

  // Price, on its flash tint when one shows.
  const price = f?.price ?? '--';
  ctx.font = `700 15px ${theme.numFont}`;
  const boxW = ctx.measureText(price).width + PRICE_PAD * 2;
  const boxX = l.rtl ? colX : colX + PRICE_COL - boxW;
  const ink = priceInk(theme, tone, f?.flash ?? null);
  if (ink.tint) {
    ctx.fillStyle = ink.tint;
    ctx.beginPath();
    ctx.roundRect(boxX, priceY - PRICE_LINE / 2, boxW, PRICE_LINE, 4);
    ctx.fill();
  }
  ctx.fillStyle = ink.text;
  ctx.fillText(price, boxX + PRICE_PAD, priceY);

  // Volume line: "Vol 1.23M" right-aligned (LTR), "1.23M حجم" from the column's left edge (RTL).
  const vol = f?.volume ?? '--';
  const numFont = `400 11px ${theme.numFont}`;
  const textFont = `400 11px ${theme.textFont}`;
  ctx.font = numFont;
  const vw = ctx.measureText(vol).width;
  ctx.fillStyle = theme.text3;
  if (l.rtl) {
    ctx.fillText(vol, colX, volY);
    ctx.font = textFont;
    ctx.fillText(l.volLabel, colX + vw + LABEL_SPACE, volY);
  } else {
    const volX = colX + PRICE_COL - vw;
    ctx.fillText(vol, volX, volY);
    ctx.font = textFont;
    ctx.fillText(l.volLabel, volX - LABEL_SPACE - ctx.measureText(l.volLabel).width, volY);
  }

  // The pill.
  const py = (H - PILL_H) / 2;
  ctx.fillStyle = tone === 'up' ? theme.pillUp : tone === 'down' ? theme.pillDown : theme.pillFlat;
  ctx.beginPath();
  ctx.roundRect(pillX, py, PILL_W, PILL_H, 8);
  ctx.fill();
  ctx.font = `700 14px ${theme.numFont}`;
  ctx.fillStyle = tone === 'flat' ? theme.text2 : '#fff';
  ctx.textAlign = 'center';
  ctx.fillText(f?.changePct ?? '--', pillX + PILL_W / 2, H / 2);
}
