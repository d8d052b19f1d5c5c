// The one money module: exact decimal parse, format, rescale and rounding of amounts held as integer minor units
// (paisa, or an asset's smallest unit), shared by server, worker and app. The wire carries money as decimal
// strings, so reading and writing them belongs with the contract. Pure ES2023: no imports, no DOM, no Node.
//
// Amounts are `bigint`. Formatters also take a `number` that holds a safe integer, because the P&L kernel and
// the market simulator keep integers in float64 while a checked bound keeps them below 2^53: turning those
// digits into text is exact string work, never float arithmetic. Display text (truncation, thousands,
// K…E abbreviations, percentages) lives in money-text.ts; decimal strings in, decimal strings out (the
// worker's tickers and tape) in money-wire.ts.

/** How a result that does not fit the target scale is cut. 'trunc' (toward zero) is the display rule. */
export type Rounding = 'trunc' | 'half-up' | 'floor' | 'ceil';

/** An exact decimal: `units` × 10^-`scale` (12.50 is { units: 1250n, scale: 2 }). */
export interface Scaled {
  readonly units: bigint;
  readonly scale: number;
}

/** Integer minor units; a `number` only when it is a safe integer (see the module note). */
export type MinorLike = bigint | number;

const POW10: bigint[] = [1n];

/** 10^k as a bigint (cached: the P&L kernel asks for the same few powers on every rebuild). */
export function pow10(k: number): bigint {
  checkScale(k);
  for (let i = POW10.length; i <= k; i++) POW10.push(POW10[i - 1]! * 10n);
  return POW10[k]!;
}

// A bad scale is a programming error, not bad input: fail loudly rather than produce a wrong amount.
function checkScale(scale: number): void {
  if (!Number.isSafeInteger(scale) || scale < 0) throw new RangeError(`bad scale: ${scale}`);
}

// ---- Parsing ----

// What a person or a form may type for an amount: no sign, no exponent, no spaces or separators, no leading
// zeros ('01'), no bare dot ('.5', '5.'). Kept exactly as the server has always validated amounts.
const AMOUNT = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * A non-negative decimal string as minor units at `scale`: parseMinor('1234.5', 2) → 123450n. Null (never a
 * throw) for anything else: signs, exponents, junk, or more decimals than `scale` (even zeros: '1.500' at 2).
 */
export function parseMinor(text: string, scale: number): bigint | null {
  checkScale(scale);
  if (typeof text !== 'string') return null;
  const m = AMOUNT.exec(text);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > scale) return null;
  return BigInt(m[1]! + frac.padEnd(scale, '0'));
}

/** parseMinor that also takes a leading '-' (wire values that may be negative: P&L, changes, candles). */
export function parseSignedMinor(text: string, scale: number): bigint | null {
  if (typeof text !== 'string') return null;
  const neg = text.startsWith('-');
  const n = parseMinor(neg ? text.slice(1) : text, scale);
  return n === null ? null : neg ? -n : n;
}

// What arrives from elsewhere (a feed, String() of a JS number): optional sign, '.5' and '5.', exponent form.
const WIRE = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;

/**
 * Any finite decimal string as an exact Scaled at its own scale: '-1.50' → { units: -150n, scale: 2 },
 * '1.5e-3' → { units: 15n, scale: 4 }, '1e2' → { units: 100n, scale: 0 }. Null for junk. Not for user input
 * (see parseMinor): this is the tolerant reader for values a program wrote.
 */
export function parseDecimal(text: string): Scaled | null {
  if (typeof text !== 'string') return null;
  const m = WIRE.exec(text);
  if (!m || (!m[2] && !m[3])) return null;
  const frac = m[3] ?? '';
  const abs = BigInt((m[2] || '0') + frac);
  const units = m[1] === '-' ? -abs : abs;
  if (m[4] === undefined) return { units, scale: frac.length };
  const scale = frac.length - Number(m[4]);
  return scale >= 0 ? { units, scale } : { units: units * pow10(-scale), scale: 0 };
}

/** Decimals of a plain decimal string ('12.500' → 3). */
export function placesOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

// Validation without captures (a test is several times cheaper than an exec with groups on the hot path).
const PLAIN_TEST = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const ZEROS = Array.from({ length: 40 }, (_, k) => '0'.repeat(k));

/** True for a plain (non-exponent) signed decimal: '-3.25', '.5', '7.'. */
export function isPlainDecimal(text: string): boolean {
  return PLAIN_TEST.test(text);
}

/** The string when it is a plain decimal, else '0' (exponent form or garbage must not poison a portfolio). */
export function plainOrZero(text: string): string {
  return PLAIN_TEST.test(text) ? text : '0';
}

/**
 * The integer text × 10^scale as a digit string with sign ('12.5', 2 → '1250'; leading zeros kept, which
 * Number and BigInt ignore), or null when text has more places than `scale` (the caller widens the scale
 * rather than lose a digit). `text` must be plain (see plainOrZero). The P&L kernel feeds these digits to
 * Number() or BigInt(), whichever its bound allows, so no bigint is built here.
 */
export function scaledDigits(text: string, scale: number): string | null {
  let s = text;
  let sign = '';
  const c = s.charCodeAt(0);
  if (c === 45 || c === 43) {
    if (c === 45) sign = '-';
    s = s.slice(1);
  }
  const dot = s.indexOf('.');
  const places = dot < 0 ? 0 : s.length - dot - 1;
  if (places > scale) return null;
  const digits = (dot < 0 ? s : s.slice(0, dot) + s.slice(dot + 1)) || '0';
  return sign + digits + (ZEROS[scale - places] ?? '0'.repeat(scale - places));
}

/** A plain decimal as minor units at a scale it fits (see scaledDigits), or null when it does not fit. */
export function scaledBigInt(text: string, scale: number): bigint | null {
  const d = scaledDigits(text, scale);
  return d === null ? null : BigInt(d);
}

// ---- Formatting ----

/**
 * Minor units as an exact decimal string with exactly `scale` decimals: (123450n, 2) → '1234.50',
 * (-5n, 3) → '-0.005', (7n, 0) → '7'. Zero is never signed.
 */
export function formatMinor(units: MinorLike, scale: number): string {
  const neg = units < 0;
  // Safe integers format without a bigint (the simulator's tick loop and the P&L rows call this hot).
  const abs = typeof units === 'number' ? String(Math.abs(units)) : (neg ? -units : units).toString();
  if (scale === 0) return neg ? `-${abs}` : abs;
  const padded = abs.length > scale ? abs : abs.padStart(scale + 1, '0');
  const cut = padded.length - scale;
  return `${neg ? '-' : ''}${padded.slice(0, cut)}.${padded.slice(cut)}`;
}

/** A Scaled as an exact decimal string at its own scale. */
export function formatScaled(x: Scaled): string {
  return formatMinor(x.units, x.scale);
}

// ---- Rounding and exact arithmetic ----

/**
 * n ÷ d rounded to an integer by `rounding`: 'trunc' toward zero, 'floor' toward −∞, 'ceil' toward +∞,
 * 'half-up' to nearest with ties away from zero (decimal.js ROUND_HALF_UP). d = 0 throws: callers that can
 * meet a zero divisor use divideScaled, which says so in its type.
 */
export function divRound(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  const q = n / d;
  // bigint division already truncates; skip the remainder (a second division) on the hot display path.
  if (rounding === 'trunc') return q;
  const r = n % d;
  if (r === 0n) return q;
  const negative = r < 0n !== d < 0n;
  if (rounding === 'floor') return negative ? q - 1n : q;
  if (rounding === 'ceil') return negative ? q : q + 1n;
  const r2 = r < 0n ? -2n * r : 2n * r;
  if (r2 < (d < 0n ? -d : d)) return q;
  return negative ? q - 1n : q + 1n;
}

/** Minor units at scale `from` moved to scale `to`, rounded by `rounding` when decimals are dropped. */
export function rescale(units: bigint, from: number, to: number, rounding: Rounding): bigint {
  checkScale(from);
  checkScale(to);
  if (to >= from) return units * pow10(to - from);
  return divRound(units, pow10(from - to), rounding);
}

/** Exact a + b at the larger scale. */
export function addScaled(a: Scaled, b: Scaled): Scaled {
  const scale = Math.max(a.scale, b.scale);
  return { units: at(a, scale) + at(b, scale), scale };
}

/** Exact a − b at the larger scale. */
export function subScaled(a: Scaled, b: Scaled): Scaled {
  const scale = Math.max(a.scale, b.scale);
  return { units: at(a, scale) - at(b, scale), scale };
}

/** a × b as units at `scale` (an amount × a rate or a price), rounded by `rounding`. */
export function multiplyScaled(a: Scaled, b: Scaled, scale: number, rounding: Rounding): bigint {
  return rescale(a.units * b.units, a.scale + b.scale, scale, rounding);
}

/**
 * a ÷ b as units at `scale`, rounded by `rounding`; null when b is zero (the display shows infinity, see
 * money-text.ts: a bigint cannot hold it).
 */
export function divideScaled(a: Scaled, b: Scaled, scale: number, rounding: Rounding): bigint | null {
  checkScale(scale);
  if (b.units === 0n) return null;
  // a/b × 10^scale = a.units × 10^(scale + b.scale − a.scale) / b.units, with the power moved to whichever
  // side keeps it non-negative so the one division is the only rounding.
  const shift = scale + b.scale - a.scale;
  return shift >= 0
    ? divRound(a.units * pow10(shift), b.units, rounding)
    : divRound(a.units, b.units * pow10(-shift), rounding);
}

/**
 * (last − ref) / ref × 100 as units at `decimals` (both at one scale), rounded by `rounding`; null when ref is
 * zero, which has no meaningful percentage (the caller decides what to show).
 */
export function percentChange(
  last: bigint,
  ref: bigint,
  decimals: number,
  rounding: Rounding,
): bigint | null {
  if (ref === 0n) return null;
  return divRound((last - ref) * 100n * pow10(decimals), ref, rounding);
}

/** Minor units of x at a scale at least its own (exact). */
export function at(x: Scaled, scale: number): bigint {
  return scale === x.scale ? x.units : x.units * pow10(scale - x.scale);
}

/** -1, 0 or 1: a compared with b, exactly. */
export function compareScaled(a: Scaled, b: Scaled): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = at(a, scale);
  const y = at(b, scale);
  return x === y ? 0 : x > y ? 1 : -1;
}

/**
 * An approximate JS number of units × 10^-scale, for a colour, a sign or a sort only: never for a shown digit
 * or further arithmetic on money.
 */
export function approxNumber(units: MinorLike, scale: number): number {
  return Number(units) / 10 ** scale;
}
