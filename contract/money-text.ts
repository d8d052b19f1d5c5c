// Money for display (spec §5), on top of contract/money.ts: truncated (never rounded) to 2, 3 or N decimals,
// thousands separators, K/M/G/T/P/E abbreviations from 1e3 to 1e18, percentages, and "division by zero gives
// infinity" shown as ∞. Exact string work on integer digits: no float ever decides a shown digit.
import { type MinorLike, type Scaled, divideScaled, pow10 } from './money.ts';

/** What a quotient or a percentage with a zero divisor shows (spec §5: division by zero gives infinity). */
export const INFINITY_TEXT = '∞';

interface Split {
  neg: boolean;
  int: string;
  frac: string;
}

/** units × 10^-scale cut toward zero to `decimals` places, as sign / integer digits / fraction digits. */
function split(units: MinorLike, scale: number, decimals: number): Split {
  let digits = String(units);
  const neg = digits.startsWith('-');
  if (neg) digits = digits.slice(1);
  digits = digits.padStart(scale + 1, '0');
  const int = scale ? digits.slice(0, -scale) : digits;
  const frac = ((scale ? digits.slice(-scale) : '') + '0'.repeat(decimals)).slice(0, decimals);
  const zero = /^0*$/.test(int) && /^0*$/.test(frac);
  // A value that truncates to zero is shown unsigned: '-0.001' → '0.00'.
  return { neg: neg && !zero, int: int.replace(/^0+(?=\d)/, ''), frac };
}

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

function join(p: Split, group: boolean, sign: boolean): string {
  const int = group ? p.int.replace(THOUSANDS, ',') : p.int;
  const body = p.frac ? `${int}.${p.frac}` : int;
  if (p.neg) return `-${body}`;
  return sign && !/^[0,.]*$/.test(body) ? `+${body}` : body;
}

export interface TextOptions {
  /** ',' every three integer digits. */
  group?: boolean;
  /** '+' before a value that is above zero after truncation. */
  sign?: boolean;
}

/**
 * units × 10^-scale truncated toward zero to exactly `decimals` places (zeros padded): (19999n, 4, 2) →
 * '1.99', (-1999n, 3, 2) → '-1.99', (5n, 0, 2) → '5.00'. A value that truncates to zero is never signed.
 */
export function truncateText(
  units: MinorLike,
  scale: number,
  decimals: number,
  opts: TextOptions = {},
): string {
  return join(split(units, scale, decimals), opts.group === true, opts.sign === true);
}

/** An amount truncated to `decimals` (2 for PKR) and grouped: '1,234.56', '-3.20', '0.00'. */
export function moneyText(units: MinorLike, scale: number, decimals = 2): string {
  return join(split(units, scale, decimals), true, false);
}

/** A change of money with an explicit sign: '+1,234.56', '-3.20', and '0.00' (a truncated zero is unsigned). */
export function signedMoneyText(units: MinorLike, scale: number, decimals = 2): string {
  return join(split(units, scale, decimals), true, true);
}

/**
 * ',' every three digits of the integer part of a decimal string, sign and decimals kept as they are:
 * '-1234567.891' → '-1,234,567.891'. A string that is not a plain decimal comes back unchanged.
 */
export function groupThousands(text: string): string {
  const m = /^([+-]?)(\d+)(\.\d*)?$/.exec(text);
  if (!m) return text;
  return (m[1] ?? '') + m[2]!.replace(THOUSANDS, ',') + (m[3] ?? '');
}

const SUFFIXES: readonly (readonly [exp: number, suffix: string])[] = [
  [18, 'E'],
  [15, 'P'],
  [12, 'T'],
  [9, 'G'],
  [6, 'M'],
  [3, 'K'],
];

/**
 * Abbreviated with K, M, G, T, P, E from 1e3, 1e6, 1e9, 1e12, 1e15, 1e18 (by absolute value, sign kept),
 * truncated to `decimals`: 1234567 → '1.23M', 999999 → '999.99K' (never rounds up into the next unit),
 * 1e20 → '100.00E'. Below 1e3 there is no suffix and the value is only truncated: 999.999 → '999.99'.
 */
export function abbreviateText(units: bigint, scale: number, decimals = 2): string {
  const abs = units < 0n ? -units : units;
  for (const [exp, suffix] of SUFFIXES) {
    // Dividing by 10^exp is exact as a change of scale; split then truncates once.
    if (abs >= pow10(exp + scale)) return truncateText(units, scale + exp, decimals) + suffix;
  }
  return truncateText(units, scale, decimals);
}

/**
 * a ÷ b truncated to `decimals`; a zero divisor gives '∞' / '-∞' by the sign of a, and '0' at `decimals`
 * when a is zero too (nothing divided by nothing is shown as no change).
 */
export function quotientText(a: Scaled, b: Scaled, decimals: number, opts: TextOptions = {}): string {
  const q = divideScaled(a, b, decimals, 'trunc');
  if (q === null) {
    if (a.units === 0n) return truncateText(0n, 0, decimals);
    return a.units > 0n ? (opts.sign ? `+${INFINITY_TEXT}` : INFINITY_TEXT) : `-${INFINITY_TEXT}`;
  }
  return truncateText(q, decimals, decimals, opts);
}

/**
 * pnl / cost × 100 truncated to 2 places ('+12.34%'), both at the same scale, and an approximate number for a
 * colour or a sort. A zero cost shows infinity: '+∞%' / '-∞%', and '0.00%' when there is no P&L either.
 */
export function pctText(pnl: MinorLike, cost: MinorLike): { text: string; value: number } {
  const p = BigInt(pnl);
  const c = BigInt(cost);
  if (c === 0n) {
    if (p === 0n) return { text: '0.00%', value: 0 };
    return p > 0n
      ? { text: `+${INFINITY_TEXT}%`, value: Infinity }
      : { text: `-${INFINITY_TEXT}%`, value: -Infinity };
  }
  // bigint division truncates toward zero: exactly the display rule.
  const q = (p * 10_000n) / c;
  return { text: `${signedMoneyText(q, 2)}%`, value: (Number(p) / Number(c)) * 100 };
}
