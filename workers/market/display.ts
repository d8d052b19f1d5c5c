// Display strings for tickers, made in the worker from the exact wire decimals by string manipulation (no
// float, no Decimal): the main thread only shows them. Same rules as src/shared/format (truncate, never round;
// K…E abbreviations; no minus on zero), which the app cannot share with the worker (workers/ is its own program).
import type { Ticker } from '../protocol/market.ts';
import type { TickerText } from '../protocol/ticker-batch.ts';

const DEC_RE = /^([+-]?)(\d*)(?:\.(\d*))?$/;

interface Parts {
  neg: boolean;
  int: string;
  frac: string;
}

function parts(s: string): Parts {
  const m = DEC_RE.exec(s.trim());
  if (!m) return { neg: false, int: '0', frac: '' };
  const int = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  return { neg: m[1] === '-', int, frac: m[3] ?? '' };
}

function isZero(p: Parts): boolean {
  return /^0*$/.test(p.int) && /^0*$/.test(p.frac);
}

function join(p: Parts, grouped: boolean): string {
  const int = grouped ? p.int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : p.int;
  const sign = p.neg && !isZero(p) ? '-' : '';
  return sign + int + (p.frac ? `.${p.frac}` : '');
}

/** Thousands separators, the wire's own scale kept ('1234.50' → '1,234.50'). */
export function groupDecimal(s: string): string {
  return join(parts(s), true);
}

/** Cut toward zero to exactly `decimals` places, padding with zeros ('1.999' → '1.99', '5' → '5.00'). */
export function truncateDecimal(s: string, decimals: number): string {
  const p = parts(s);
  const frac = (p.frac + '0'.repeat(decimals)).slice(0, decimals);
  return join({ ...p, frac }, false);
}

/** '+1,234.50' / '-3.20' / '0.00': a change with an explicit sign. */
export function signedDecimal(s: string): string {
  const p = parts(s);
  const body = join({ ...p, neg: false }, true);
  if (isZero(p)) return body;
  return (p.neg ? '-' : '+') + body;
}

/** '+1.25%' from the wire's percent string (already truncated to 2 places by the server or calc/). */
export function signedPercent(s: string): string {
  return `${signedDecimal(s)}%`;
}

const SUFFIXES = ['', 'K', 'M', 'G', 'T', 'P', 'E'] as const;

/**
 * K, M, G, T, P, E from 1e3 … 1e18 by absolute value, truncated to `decimals`: '1234567' → '1.23M',
 * '999999' → '999.99K', '999.999' → '999.99' (as src/shared/format abbreviate).
 */
export function abbreviateDecimal(s: string, decimals = 2): string {
  const p = parts(s);
  const n = p.int === '0' ? 0 : p.int.length;
  const group = Math.min(6, Math.max(0, Math.floor((n - 1) / 3)));
  if (group === 0) return truncateDecimal(s, decimals);
  const shift = group * 3;
  const int = p.int.slice(0, n - shift);
  const frac = p.int.slice(n - shift) + p.frac;
  return truncateDecimal(`${p.neg ? '-' : ''}${int}.${frac}`, decimals) + SUFFIXES[group]!;
}

/** The display strings of one ticker, in the ticker batch's text fields. */
export function tickerDisplay(t: Ticker): TickerText {
  return {
    p: groupDecimal(t.p),
    c: signedDecimal(t.c),
    cp: signedPercent(t.cp),
    o: groupDecimal(t.o),
    h: groupDecimal(t.h),
    l: groupDecimal(t.l),
    pc: groupDecimal(t.pc),
    v: abbreviateDecimal(t.v),
    q: abbreviateDecimal(t.q),
  };
}
