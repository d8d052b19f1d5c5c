// Live floating P&L of a set of positions, exact to the paisa: market value = qty × last, P&L = market value −
// cost (the server's cost, qty × avgCost), P&L % = P&L / cost × 100 truncated to 2 places, and the totals.
//
// Why this shape (issue 4 measured it): a decimal.js recompute of 100k positions costs ~160 ms; scaled
// integers give the same exact results far cheaper. Values live as scaled integers in pnl-kernel.ts (float64
// while a checked bound proves them exact, BigInt otherwise), and per-symbol aggregates (Σ qty, market value)
// make a tick cost one multiply and one subtract per changed symbol. A position's own figures are derived on
// demand (one multiply), so a flush formats only the rows on screen.
//
// Today's P&L (shares held before today against the previous close, today's buys against their cost) is
// qty × last − base with base = (qty − todayQty) × prevClose + todayCost: a per-position constant fixed at
// build time, so it rides the same aggregates (total today's P&L = Σ market value − Σ base) and a tick costs
// nothing more. A position without a prevClose has no today's figures (and then neither have the totals).
import { bigintKernel, floatKernel, type KernelInput, type PnlKernel } from './pnl-kernel.ts';
import {
  approxNumber,
  placesOf,
  plainOrZero,
  pow10,
  scaledBigInt,
  scaledDigits,
} from '../../../contract/money.ts';
import { moneyText, pctText, signedMoneyText } from '../../../contract/money-text.ts';

export interface PnlInput {
  /** Unique per position (the worker uses the symbol). */
  key: string;
  symbol: string;
  /** Shares held, a decimal string. */
  qty: string;
  /** qty × avgCost as the server gives it. */
  cost: string;
  /** Price to start from: the live last price if known, else the server's snapshot. */
  last: string;
  /** Reference close for today's P&L (the ticker's pc, else Position.prevClose); absent: no today's figures. */
  prevClose?: string;
  /** Shares bought today (Position.todayQty; '0' when absent) and their cost with fees (Position.todayCost). */
  todayQty?: string;
  todayCost?: string;
}

export interface PnlBook {
  readonly inputs: PnlInput[];
  readonly index: Map<string, number>;
  readonly symbols: string[];
  readonly symIndex: Map<string, number>;
  /** Per symbol: last price string and the positions holding it. */
  readonly prices: string[];
  readonly holders: number[][];
  qs: number;
  ps: number;
  ms: number;
  /** Per position: whether it has today's inputs; and how many lack them (totals need all). */
  todayKnown: boolean[];
  todayMissing: number;
  kernel: PnlKernel;
}

/** What a batch of prices changed. */
export interface PnlChange {
  symbols: string[];
  /** How many positions those symbols value (see positionKeysOf). */
  positions: number;
}

/** Today's P&L of one position or of the totals: signed, truncated; % of today's base. */
export interface TodayFigures {
  pnl: string;
  pnlPct: string;
  /** A float for colour and sort only (its sign); the money shown is `pnl`, exact. */
  pnlValue: number;
  pnlPctValue: number;
}

/** Display figures of one position or of the totals (strings exact, truncated; floats for colour and sort). */
export interface PnlFigures {
  marketValue: string;
  cost: string;
  /** Signed: '+1,234.50'. */
  pnl: string;
  /** Signed percent: '+1.25%'. */
  pnlPct: string;
  /** Approximate numbers for a colour or an order (the sign); the strings above are the exact figures. */
  pnlValue: number;
  pnlPctValue: number;
}

function emptyBook(): PnlBook {
  const none: KernelInput = { qty: [], cost: [], base: [], sym: new Int32Array(0), px: [], lift: 0 };
  return {
    inputs: [],
    index: new Map(),
    symbols: [],
    symIndex: new Map(),
    prices: [],
    holders: [],
    qs: 0,
    ps: 2,
    ms: 2,
    todayKnown: [],
    todayMissing: 0,
    kernel: floatKernel(none)!,
  };
}

/** Re-derives scales, symbol tables and the kernel from `book.inputs` and `book.prices`. O(positions). */
function rebuild(book: PnlBook, forceBig = false): void {
  const prevPrice = new Map<string, string>();
  book.symbols.forEach((s, k) => prevPrice.set(s, book.prices[k]!));
  book.index.clear();
  book.symIndex.clear();
  book.symbols.length = 0;
  book.prices.length = 0;
  book.holders.length = 0;
  const n = book.inputs.length;
  const qty = new Array<string>(n);
  const cost = new Array<string>(n);
  const sym = new Int32Array(n);
  const pc = new Array<string | null>(n);
  const tq = new Array<string>(n);
  const tc = new Array<string>(n);
  let qs = 0;
  let ps = 2;
  let cs = 2;
  // previous closes' scale: the base needs (qty − todayQty) × prevClose exactly
  let pcs = 0;
  for (let i = 0; i < n; i++) {
    const p = book.inputs[i]!;
    book.index.set(p.key, i);
    let s = book.symIndex.get(p.symbol);
    if (s === undefined) {
      s = book.symbols.length;
      book.symIndex.set(p.symbol, s);
      book.symbols.push(p.symbol);
      const px = plainOrZero(prevPrice.get(p.symbol) ?? p.last);
      book.prices.push(px);
      book.holders.push([]);
      ps = Math.max(ps, placesOf(px));
    }
    sym[i] = s;
    book.holders[s]!.push(i);
    qty[i] = plainOrZero(p.qty);
    cost[i] = plainOrZero(p.cost);
    qs = Math.max(qs, placesOf(qty[i]!));
    cs = Math.max(cs, placesOf(cost[i]!));
    pc[i] = p.prevClose === undefined ? null : plainOrZero(p.prevClose);
    tq[i] = plainOrZero(p.todayQty ?? '0');
    tc[i] = plainOrZero(p.todayCost ?? '0');
    if (pc[i] !== null) {
      pcs = Math.max(pcs, placesOf(pc[i]!));
      qs = Math.max(qs, placesOf(tq[i]!));
      cs = Math.max(cs, placesOf(tc[i]!));
    }
  }
  const ms = Math.max(qs + ps, cs, qs + pcs);
  Object.assign(book, { qs, ps, ms });
  const base = new Array<string>(n);
  const known = (book.todayKnown = new Array<boolean>(n));
  book.todayMissing = 0;
  const lift = pow10(ms - qs - pcs);
  for (let i = 0; i < n; i++) {
    const prev = pc[i] ?? null;
    known[i] = prev !== null;
    if (prev === null) {
      book.todayMissing++;
      base[i] = '0';
    } else {
      const held = scaledBigInt(qty[i]!, qs)! - scaledBigInt(tq[i]!, qs)!;
      base[i] = (held * scaledBigInt(prev, pcs)! * lift + scaledBigInt(tc[i]!, ms)!).toString();
    }
    qty[i] = scaledDigits(qty[i]!, qs)!;
    cost[i] = scaledDigits(cost[i]!, ms)!;
  }
  const input: KernelInput = {
    qty,
    cost,
    base,
    sym,
    px: book.prices.map((x) => scaledDigits(x, ps)!),
    lift: ms - qs - ps,
  };
  book.kernel = (!forceBig && floatKernel(input)) || bigintKernel(input);
}

export function createPnlBook(inputs: readonly PnlInput[]): PnlBook {
  const book = emptyBook();
  setPnlInputs(book, inputs);
  return book;
}

/** Replaces every position (later duplicates of a key win). */
export function setPnlInputs(book: PnlBook, inputs: readonly PnlInput[]): void {
  const byKey = new Map<string, PnlInput>();
  for (const p of inputs) byKey.set(p.key, p);
  book.inputs.length = 0;
  for (const p of byKey.values()) book.inputs.push(p);
  rebuild(book);
}

/**
 * Adds or replaces positions. A rebuild (O(positions)): positions change on fills, a few times a second at
 * most, while prices change thousands of times a second and never rebuild.
 */
export function upsertPnlInputs(book: PnlBook, inputs: readonly PnlInput[]): void {
  for (const p of inputs) {
    const i = book.index.get(p.key);
    if (i === undefined) {
      book.index.set(p.key, book.inputs.length);
      book.inputs.push(p);
    } else book.inputs[i] = p;
  }
  rebuild(book);
}

export function removePnlInputs(book: PnlBook, keys: readonly string[]): void {
  const gone = new Set(keys);
  const kept = book.inputs.filter((p) => !gone.has(p.key));
  if (kept.length === book.inputs.length) return;
  book.inputs.length = 0;
  for (const p of kept) book.inputs.push(p);
  rebuild(book);
}

/**
 * Applies last prices (symbol → price string); symbols nobody holds and unchanged prices are skipped. Returns
 * the symbols that moved; their positions are `positionKeysOf` (not listed here: a flush over 10k positions
 * needs the totals and the few rows on screen, not 10k keys).
 */
export function applyPrices(book: PnlBook, changes: Iterable<readonly [string, string]>): PnlChange {
  const symbols: string[] = [];
  let positions = 0;
  let widen = false;
  for (const [symbol, raw] of changes) {
    const s = book.symIndex.get(symbol);
    if (s === undefined || book.prices[s] === raw) continue;
    const last = plainOrZero(raw);
    book.prices[s] = last;
    symbols.push(symbol);
    positions += book.holders[s]!.length;
    const digits = widen ? null : scaledDigits(last, book.ps);
    // More places than the book's price scale, or out of the float kernel's exact range: rebuild once.
    if (digits === null || !book.kernel.setPrice(s, digits)) widen = true;
  }
  if (widen) rebuild(book, book.kernel.kind === 'bigint');
  return { symbols, positions };
}

/** Keys of the positions valued at this symbol's price. */
export function positionKeysOf(book: PnlBook, symbol: string): string[] {
  const s = book.symIndex.get(symbol);
  return s === undefined ? [] : book.holders[s]!.map((i) => book.inputs[i]!.key);
}

/** Every position and aggregate from scratch (after a resync, or to audit the incremental path). */
export function recomputePnl(book: PnlBook): void {
  if (!book.kernel.recompute()) rebuild(book, true);
}

function figures(mv: number | bigint, cost: number | bigint, pnl: number | bigint, ms: number): PnlFigures {
  const pct = pctText(pnl, cost);
  return {
    marketValue: moneyText(mv, ms),
    cost: moneyText(cost, ms),
    pnl: signedMoneyText(pnl, ms),
    pnlPct: pct.text,
    pnlValue: approxNumber(pnl, ms),
    pnlPctValue: pct.value,
  };
}

export function positionFigures(book: PnlBook, key: string): PnlFigures | null {
  const i = book.index.get(key);
  if (i === undefined) return null;
  const k = book.kernel;
  return figures(k.marketValue(i), k.cost(i), k.pnl(i), book.ms);
}

export function totalFigures(book: PnlBook): PnlFigures {
  const k = book.kernel;
  return figures(k.totalMarketValue(), k.totalCost(), k.totalPnl(), book.ms);
}

function today(pnl: number | bigint, base: number | bigint, ms: number): TodayFigures {
  const pct = pctText(pnl, base);
  return {
    pnl: signedMoneyText(pnl, ms),
    pnlPct: pct.text,
    pnlValue: approxNumber(pnl, ms),
    pnlPctValue: pct.value,
  };
}

/** Today's P&L of a position, or null when it is unknown or has no prevClose. */
export function todayFigures(book: PnlBook, key: string): TodayFigures | null {
  const i = book.index.get(key);
  if (i === undefined || !book.todayKnown[i]) return null;
  return today(book.kernel.todayPnl(i), book.kernel.base(i), book.ms);
}

/** Today's P&L of all positions, or null when some position has no prevClose. */
export function totalTodayFigures(book: PnlBook): TodayFigures | null {
  if (book.todayMissing > 0) return null;
  return today(book.kernel.totalTodayPnl(), book.kernel.totalBase(), book.ms);
}

/** The last price a position is valued at. */
export function priceOf(book: PnlBook, symbol: string): string | undefined {
  const s = book.symIndex.get(symbol);
  return s === undefined ? undefined : book.prices[s];
}
