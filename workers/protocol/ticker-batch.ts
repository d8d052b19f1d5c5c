// Compact ticker batches from the market worker to the main thread: one transferable Float64Array of rows
// (numbers for sorting and flash direction only) plus exact display strings for the fields that changed.
// It lives in protocol/ (not calc/) because both ends run it: the worker packs, the app (src/market) unpacks,
// and the app may import nothing from workers/market/.
//
// Why the split: the main thread must not do money arithmetic or parse/format floats into prices, and
// cloning 10k objects across postMessage costs ~8 ms on the main thread where a transferred Float64Array
// costs ~0.2 ms. So each flush carries one typed array (transferred) and one flat string array holding
// only the strings that differ from what that symbol last sent.
import type { SessionState, Ticker } from './market.ts';

// ---- Row layout of TickerBatch.data: `count` rows of TICKER_STRIDE float64 each ----
/** Index of the symbol in the symbol table (announced once via `newSymbols`). */
export const TK_SYM = 0;
export const TK_LAST = 1;
export const TK_CHANGE = 2;
export const TK_CHANGE_PCT = 3;
export const TK_HIGH = 4;
export const TK_LOW = 5;
export const TK_VOLUME = 6;
export const TK_TURNOVER = 7;
/** Ticker time, epoch ms (exact in a double). */
export const TK_TS = 8;
/** -1 / 0 / +1: last price against the previous batch row of this symbol (0 on first sight): the flash. */
export const TK_DIR = 9;
/** SESSION_CODES index of the session state. */
export const TK_SESSION = 10;
/** Bit k set ⇔ text field TEXT_FIELDS[k] changed and its string follows in `text` (in field order). */
export const TK_TEXT_MASK = 11;
export const TICKER_STRIDE = 12;

/** Display strings, exact wire decimals. Bit k of TK_TEXT_MASK refers to TEXT_FIELDS[k]. */
export const TEXT_FIELDS = ['p', 'c', 'cp', 'o', 'h', 'l', 'pc', 'v', 'q'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type TickerText = Record<TextField, string>;

export const SESSION_CODES: readonly SessionState[] = ['pre', 'open', 'break', 'closed', 'halt'];

export interface TickerBatch {
  /** Table length before this batch; the receiver's table must have exactly this length (else resync). */
  symbolBase: number;
  /** Symbols appended to the table by this batch, taking indexes symbolBase, symbolBase + 1, ... */
  newSymbols: string[];
  count: number;
  /** count × TICKER_STRIDE; transfer its buffer. */
  data: Float64Array;
  /** The changed display strings of all rows, row by row, fields in TEXT_FIELDS order. */
  text: string[];
}

// ---- Worker side ----

export interface TickerPacker {
  readonly index: Map<string, number>;
  readonly symbols: string[];
  /** How many of `symbols` the receiver already knows. */
  announced: number;
  /** Per symbol index: last float price sent (NaN = never) and last strings sent. */
  readonly lastPrice: number[];
  readonly lastText: (TickerText | undefined)[];
}

export function createTickerPacker(): TickerPacker {
  return { index: new Map(), symbols: [], announced: 0, lastPrice: [], lastText: [] };
}

function symbolIndex(packer: TickerPacker, s: string): number {
  let i = packer.index.get(s);
  if (i === undefined) {
    i = packer.symbols.length;
    packer.index.set(s, i);
    packer.symbols.push(s);
    packer.lastPrice.push(NaN);
    packer.lastText.push(undefined);
  }
  return i;
}

/** The text fields of a ticker as they are on the wire. */
export function wireText(t: Ticker): TickerText {
  return { p: t.p, c: t.c, cp: t.cp, o: t.o, h: t.h, l: t.l, pc: t.pc, v: t.v, q: t.q };
}

/**
 * Packs one flush (at most one ticker per symbol: coalesce first). Mutates the packer's memory of what was sent.
 * `textOf` chooses the strings sent (default: the wire decimals; the worker passes display-formatted ones).
 */
export function packTickers(
  packer: TickerPacker,
  tickers: readonly Ticker[],
  textOf: (t: Ticker) => TickerText = wireText,
): TickerBatch {
  const count = tickers.length;
  const data = new Float64Array(count * TICKER_STRIDE);
  const text: string[] = [];
  for (let r = 0; r < count; r++) {
    const t = tickers[r]!;
    const i = symbolIndex(packer, t.s);
    const o = r * TICKER_STRIDE;
    const last = +t.p;
    const prev = packer.lastPrice[i]!;
    data[o + TK_SYM] = i;
    data[o + TK_LAST] = last;
    data[o + TK_CHANGE] = +t.c;
    data[o + TK_CHANGE_PCT] = +t.cp;
    data[o + TK_HIGH] = +t.h;
    data[o + TK_LOW] = +t.l;
    data[o + TK_VOLUME] = +t.v;
    data[o + TK_TURNOVER] = +t.q;
    data[o + TK_TS] = t.t;
    data[o + TK_DIR] = Number.isNaN(prev) || last === prev ? 0 : last > prev ? 1 : -1;
    data[o + TK_SESSION] = SESSION_CODES.indexOf(t.st);
    const was = packer.lastText[i];
    const now = textOf(t);
    let mask = 0;
    for (let k = 0; k < TEXT_FIELDS.length; k++) {
      const f = TEXT_FIELDS[k]!;
      if (!was || was[f] !== now[f]) {
        mask |= 1 << k;
        text.push(now[f]);
      }
    }
    data[o + TK_TEXT_MASK] = mask;
    packer.lastPrice[i] = last;
    packer.lastText[i] = now;
  }
  const symbolBase = packer.announced;
  const newSymbols = packer.symbols.slice(symbolBase);
  packer.announced = packer.symbols.length;
  return { symbolBase, newSymbols, count, data, text };
}

/** The receiver lost its table (reload, new bridge): the next batch re-announces symbols and all strings. */
export function resetTickerPacker(packer: TickerPacker): void {
  packer.announced = 0;
  packer.lastPrice.fill(NaN);
  packer.lastText.fill(undefined);
}

/** What to pass as postMessage's transfer list (comlink: Comlink.transfer(batch, tickerBatchTransfer(batch))). */
export function tickerBatchTransfer(batch: TickerBatch): ArrayBuffer[] {
  return [batch.data.buffer as ArrayBuffer];
}

// ---- Main-thread side ----

export interface TickerReceiver {
  readonly symbols: string[];
  /** Current display strings per symbol index. */
  readonly text: (TickerText | undefined)[];
}

export interface TickerRow {
  symbol: string;
  last: number;
  change: number;
  changePct: number;
  high: number;
  low: number;
  volume: number;
  turnover: number;
  ts: number;
  dir: -1 | 0 | 1;
  session: SessionState;
  /** Exact strings to display (complete: unchanged fields carried from earlier batches). */
  text: TickerText;
  /** Which text fields changed in this batch (bit k = TEXT_FIELDS[k]). */
  textMask: number;
}

export function createTickerReceiver(): TickerReceiver {
  return { symbols: [], text: [] };
}

/**
 * Unpacks a batch into rows. Throws RangeError when the batch does not continue the receiver's table
 * (symbolBase mismatch): the caller resets both sides.
 */
export function unpackTickers(receiver: TickerReceiver, batch: TickerBatch): TickerRow[] {
  if (batch.symbolBase !== receiver.symbols.length) {
    if (batch.symbolBase !== 0) throw new RangeError('ticker batch does not continue the symbol table');
    receiver.symbols.length = 0;
    receiver.text.length = 0;
  }
  for (const s of batch.newSymbols) receiver.symbols.push(s);
  const { data, text } = batch;
  const rows = new Array<TickerRow>(batch.count);
  let ti = 0;
  for (let r = 0; r < batch.count; r++) {
    const o = r * TICKER_STRIDE;
    const i = data[o + TK_SYM]!;
    const mask = data[o + TK_TEXT_MASK]!;
    const was = receiver.text[i];
    const cur = (was ? { ...was } : {}) as TickerText;
    for (let k = 0; k < TEXT_FIELDS.length; k++) {
      if (mask & (1 << k)) cur[TEXT_FIELDS[k]!] = text[ti++]!;
    }
    receiver.text[i] = cur;
    rows[r] = {
      symbol: receiver.symbols[i]!,
      last: data[o + TK_LAST]!,
      change: data[o + TK_CHANGE]!,
      changePct: data[o + TK_CHANGE_PCT]!,
      high: data[o + TK_HIGH]!,
      low: data[o + TK_LOW]!,
      volume: data[o + TK_VOLUME]!,
      turnover: data[o + TK_TURNOVER]!,
      ts: data[o + TK_TS]!,
      dir: data[o + TK_DIR]! as -1 | 0 | 1,
      session: SESSION_CODES[data[o + TK_SESSION]!] ?? 'closed',
      text: cur,
      textMask: mask,
    };
  }
  return rows;
}
