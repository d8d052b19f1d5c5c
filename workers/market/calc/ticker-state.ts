// Tick-to-state helpers: turn ticker messages (socket, polling) and trade prints into the per-symbol ticker
// state the worker keeps, with change and change percent computed exactly from the decimal strings.
import type { Ticker, Trade } from '../../protocol/market.ts';
import {
  addDecimal,
  addProduct,
  isZeroString,
  orderKey,
  pctChange,
  subDecimal,
} from '../../../contract/money-wire.ts';

/** A ticker as it may arrive: change fields can be missing or empty (e.g. a source that does not send them). */
export type TickerInput = Omit<Ticker, 'c' | 'cp'> & { c?: string; cp?: string };

/** Exact change against the reference close: c = p - pc, cp = percent truncated to 2 decimals. */
export function tickerChange(p: string, pc: string): { c: string; cp: string } {
  return { c: subDecimal(p, pc), cp: pctChange(p, pc, 2) };
}

/** Fills in change fields the message lacks; trusts the server's when present (they are exact too). */
export function normaliseTicker(raw: TickerInput): Ticker {
  if (raw.c && raw.cp) return raw as Ticker;
  const pc = raw.pc || raw.o;
  const { c, cp } = tickerChange(raw.p, pc);
  // Listed field by field (not spread): one object shape for every ticker keeps the hot path monomorphic.
  return {
    s: raw.s,
    p: raw.p,
    o: raw.o,
    h: raw.h,
    l: raw.l,
    pc,
    c,
    cp,
    v: raw.v,
    q: raw.q,
    b: raw.b,
    a: raw.a,
    st: raw.st,
    t: raw.t,
  };
}

/**
 * The state after a message: the message when it is at least as new, else the previous state (a late
 * polling answer must not roll a symbol back behind the socket).
 */
export function applyTicker(prev: Ticker | undefined, raw: TickerInput): Ticker {
  if (prev && raw.t < prev.t) return prev;
  return normaliseTicker(raw);
}

/**
 * Moves a ticker by a trade print between ticker messages (the trades channel is faster than tickers on
 * some sources): last, high/low, volume and turnover, and the change fields, all exact.
 */
export function applyTradeToTicker(prev: Ticker, trade: Trade): Ticker {
  if (trade.t < prev.t) return prev;
  const px = orderKey(trade.p);
  const hasQty = !isZeroString(trade.q);
  return {
    ...prev,
    p: trade.p,
    h: isZeroString(prev.h) || px > orderKey(prev.h) ? trade.p : prev.h,
    l: isZeroString(prev.l) || px < orderKey(prev.l) ? trade.p : prev.l,
    v: hasQty ? addDecimal(prev.v, trade.q) : prev.v,
    q: hasQty ? addProduct(prev.q, trade.p, trade.q) : prev.q,
    ...tickerChange(trade.p, prev.pc),
    t: trade.t,
  };
}
