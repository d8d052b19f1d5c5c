// Pre-serialised frames for the streaming bench feed: every ticker and book frame is built once as ASCII bytes
// with fixed-width slots for `seq`, `ts` and each ticker's `t`, so sending one costs a copy and a few digit
// writes instead of JSON.stringify. Prices are integer paisa turned into decimal strings (no float money).

/** A frame template: bytes plus the offsets of its slots (seq: 12 chars, times: 13 digits). */
export interface FrameTemplate {
  bytes: Buffer;
  seqAt: number;
  /** `ts` of the message and `t` of every ticker in it: all stamped with the send time. */
  timeAt: number[];
  /** Ticker updates this frame carries (0 for book frames). */
  updates: number;
}

export const SEQ_WIDTH = 12;
export const TIME_WIDTH = 13;
const SEQ_SLOT = ' '.repeat(SEQ_WIDTH);
const TIME_SLOT = '0'.repeat(TIME_WIDTH);

/** Builds a template from parts: strings are copied, SEQ / TIME markers become slots. */
const SEQ = Symbol('seq');
const TIME = Symbol('time');
type Part = string | typeof SEQ | typeof TIME;

function template(parts: Part[], updates: number): FrameTemplate {
  let text = '';
  let seqAt = -1;
  const timeAt: number[] = [];
  for (const p of parts) {
    if (p === SEQ) {
      seqAt = text.length;
      text += SEQ_SLOT;
    } else if (p === TIME) {
      timeAt.push(text.length);
      text += TIME_SLOT;
    } else text += p;
  }
  return { bytes: Buffer.from(text, 'latin1'), seqAt, timeAt, updates };
}

/** Copies a template and stamps seq and time (epoch ms) into its slots. */
export function stamp(tpl: FrameTemplate, seq: number, time: number): Buffer {
  const out = Buffer.from(tpl.bytes);
  out.write(String(seq).padStart(SEQ_WIDTH, ' '), tpl.seqAt, 'latin1');
  const t = String(Math.floor(time)).padStart(TIME_WIDTH, '0');
  for (const at of tpl.timeAt) out.write(t, at, 'latin1');
  return out;
}

/** Decimal string of an integer count of minor units (2 decimals), e.g. -1234 → '-12.34'. */
export function paisa(n: number): string {
  const neg = n < 0;
  const a = Math.abs(n);
  return `${neg ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

export interface SymbolSpec {
  symbol: string;
  /** previous close, paisa */
  pc: number;
}

/** Synthetic PSX-like symbols: the real ones first (so the app knows them), then BX0001, BX0002, … */
export function makeSymbols(n: number, real: readonly SymbolSpec[] = []): SymbolSpec[] {
  const out = real.slice(0, n);
  for (let i = out.length; i < n; i++) {
    // A deterministic spread of previous closes between Rs 5 and Rs 2,000.
    const pc = 500 + ((i * 7919) % 199_500);
    out.push({ symbol: `BX${String(i + 1).padStart(4, '0')}`, pc });
  }
  return out;
}

/**
 * Price of variant v (0..VARIANTS-1) of symbol i: each symbol sits at its own day move (−5 %…+5 %, spread over
 * the symbols) and ticks a step or two around it, so every update moves a price while the ranking by change
 * stays PSX-like (neighbours swap; the list does not reshuffle twice a second).
 */
export const VARIANTS = 8;
const WALK = [0, 1, 2, 1, 0, -1, -2, -1];
const stepOf = (spec: SymbolSpec) => Math.max(1, Math.round(spec.pc / 10_000));
function dayLevel(spec: SymbolSpec, i: number): number {
  const moveBp = ((i * 7919) % 1001) - 500;
  return spec.pc + Math.trunc((spec.pc * moveBp) / 10_000);
}
function variantPrice(spec: SymbolSpec, v: number, i: number): number {
  return dayLevel(spec, i) + WALK[v % WALK.length]! * stepOf(spec);
}

function tickerParts(spec: SymbolSpec, v: number, i: number): Part[] {
  const p = variantPrice(spec, v, i);
  const c = p - spec.pc;
  const cpBp = Math.trunc((c * 10_000) / spec.pc); // basis points → percent with 2 decimals
  const hi = Math.max(spec.pc, dayLevel(spec, i) + 2 * stepOf(spec));
  const lo = Math.min(spec.pc, dayLevel(spec, i) - 2 * stepOf(spec));
  const vol = 100_000 + ((i * 131) % 900_000) + v * 17;
  const fields =
    `{"s":"${spec.symbol}","p":"${paisa(p)}","o":"${paisa(spec.pc)}","h":"${paisa(hi)}","l":"${paisa(lo)}",` +
    `"pc":"${paisa(spec.pc)}","c":"${paisa(c)}","cp":"${paisa(cpBp)}","v":"${vol}","q":"${paisa(vol * p)}",` +
    `"b":"${paisa(p - 1)}","a":"${paisa(p + 1)}","st":"open","t":`;
  return [fields, TIME, '}'];
}

/** The whole market as one `tickers:psx` snap (sent on subscribe). */
export function tickersSnap(ch: string, specs: readonly SymbolSpec[]): FrameTemplate {
  const parts: Part[] = [`{"op":"snap","ch":"${ch}","seq":`, SEQ, ',"ts":', TIME, ',"data":['];
  specs.forEach((s, i) => {
    if (i) parts.push(',');
    parts.push(...tickerParts(s, 0, i));
  });
  parts.push(']}');
  return template(parts, 0);
}

/**
 * The delta frames of one full cycle: slice k carries `perSlice` consecutive symbols (round robin), and each
 * round over all symbols uses the next price variant, so rows keep moving up and down.
 */
export function tickerDeltaCycle(
  ch: string,
  specs: readonly SymbolSpec[],
  perSlice: number,
): FrameTemplate[] {
  const n = specs.length;
  const slicesPerRound = Math.ceil(n / perSlice);
  const frames: FrameTemplate[] = [];
  let cursor = 0;
  for (let k = 0; k < slicesPerRound * VARIANTS; k++) {
    const parts: Part[] = [`{"op":"delta","ch":"${ch}","seq":`, SEQ, ',"ts":', TIME, ',"data":['];
    for (let j = 0; j < perSlice; j++) {
      const i = cursor % n;
      const v = Math.floor(cursor / n) % VARIANTS;
      cursor++;
      if (j) parts.push(',');
      parts.push(...tickerParts(specs[i]!, v, i));
    }
    parts.push(']}');
    frames.push(template(parts, perSlice));
  }
  return frames;
}

/** A book of `levels` levels a side around a mid price (paisa), 1 paisa apart. */
function level(price: number, qty: number): string {
  return `["${paisa(price)}","${qty}"]`;
}

export function bookSnap(symbol: string, mid: number, levels: number): FrameTemplate {
  const bids = Array.from({ length: levels }, (_, i) => level(mid - 1 - i, 1000 + i * 10)).join(',');
  const asks = Array.from({ length: levels }, (_, i) => level(mid + 1 + i, 1000 + i * 10)).join(',');
  return template(
    [
      `{"op":"snap","ch":"book:${symbol}","seq":`,
      SEQ,
      ',"ts":',
      TIME,
      `,"data":{"s":"${symbol}","b":[${bids}],"a":[${asks}],"t":`,
      TIME,
      '}}',
    ],
    0,
  );
}

/** Book deltas that only change quantities at existing prices, so any order of them keeps the book valid. */
export function bookDeltaCycle(symbol: string, mid: number, levels: number, changed = 5): FrameTemplate[] {
  const frames: FrameTemplate[] = [];
  for (let k = 0; k < 40; k++) {
    const b: string[] = [];
    const a: string[] = [];
    for (let j = 0; j < changed; j++) {
      const i = (k * changed + j) % levels;
      const qty = 500 + ((k * 37 + j * 101) % 5000);
      b.push(level(mid - 1 - i, qty));
      a.push(level(mid + 1 + i, qty + 3));
    }
    frames.push(
      template(
        [
          `{"op":"delta","ch":"book:${symbol}","seq":`,
          SEQ,
          ',"ts":',
          TIME,
          `,"data":{"b":[${b.join(',')}],"a":[${a.join(',')}],"t":`,
          TIME,
          '}}',
        ],
        0,
      ),
    );
  }
  return frames;
}

/** An empty snap for channels the bench does not drive (indices, crypto, other symbols' detail channels). */
export function emptySnap(ch: string): string {
  const kind = ch.split(':')[0];
  const sym = ch.split(':')[1] ?? '';
  const data = kind === 'book' ? `{"s":"${sym}","b":[],"a":[],"t":${Date.now()}}` : '[]';
  return `{"op":"snap","ch":"${ch}","seq":0,"ts":${Date.now()},"data":${data}}`;
}
