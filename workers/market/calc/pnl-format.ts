// Scaled-integer plumbing of the P&L calculators: decimal strings → integer digit strings at a fixed scale,
// and exact scaled integers (number or bigint) → display strings. Everything is string work on exact integer
// digits (String() of a safe integer is exact), so no float ever decides a shown digit.

// Validation without captures (a test is several times cheaper than an exec with groups on the hot path).
const PLAIN = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const ZEROS = Array.from({ length: 40 }, (_, k) => '0'.repeat(k));

/** The string when it is a plain decimal, else '0' (exponent form or garbage must not poison a portfolio). */
export function plainOrZero(x: string): string {
  return PLAIN.test(x) ? x : '0';
}

/** Decimal places of a plain decimal string ('12.500' → 3). */
export function placesOf(x: string): number {
  const dot = x.indexOf('.');
  return dot < 0 ? 0 : x.length - dot - 1;
}

/**
 * The integer x × 10^scale as a digit string with sign ('12.5', 2 → '1250'; leading zeros kept, which Number
 * and BigInt ignore), or null when x has more places than `scale` (the caller widens the scale rather than
 * lose a digit). `x` must be plain (see plainOrZero).
 */
export function scaledDigits(x: string, scale: number): string | null {
  let s = x;
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

export function pow10n(k: number): bigint {
  return 10n ** BigInt(k);
}

interface Split {
  neg: boolean;
  int: string;
  frac: string;
}

/** n × 10^-scale cut toward zero to `decimals` places, as sign / integer digits / fraction digits. */
function split(n: number | bigint, scale: number, decimals: number): Split {
  let digits = String(n);
  const neg = digits.startsWith('-');
  if (neg) digits = digits.slice(1);
  digits = digits.padStart(scale + 1, '0');
  const int = scale ? digits.slice(0, -scale) : digits;
  const frac = ((scale ? digits.slice(-scale) : '') + '0'.repeat(decimals)).slice(0, decimals);
  const zero = /^0*$/.test(int) && /^0*$/.test(frac);
  return { neg: neg && !zero, int: int.replace(/^0+(?=\d)/, ''), frac };
}

function join(p: Split, sign: boolean): string {
  const int = p.int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const body = p.frac ? `${int}.${p.frac}` : int;
  if (p.neg) return `-${body}`;
  return sign && !/^[0,.]*$/.test(body) ? `+${body}` : body;
}

/** Exact plain decimal of n × 10^-scale ('-1234.5678'); zero is never signed. For checks and logs. */
export function plainText(n: number | bigint, scale: number): string {
  const p = split(n, scale, scale);
  return (p.neg ? '-' : '') + p.int + (scale ? `.${p.frac}` : '');
}

/** A PKR amount: truncated (never rounded) to 2 places, thousands grouped: '1,234.56', '-3.20', '0.00'. */
export function moneyText(n: number | bigint, scale: number, decimals = 2): string {
  return join(split(n, scale, decimals), false);
}

/** A change of money with an explicit sign: '+1,234.56', '-3.20', and '0.00' (a truncated zero is unsigned). */
export function signedMoneyText(n: number | bigint, scale: number, decimals = 2): string {
  return join(split(n, scale, decimals), true);
}

/**
 * pnl / cost × 100 truncated to 2 places ('+12.34%'), both at the same scale. A zero cost follows the spec's
 * "division by zero gives infinity": '+∞%' / '-∞%', and '0.00%' when there is no P&L either.
 */
export function pctText(pnl: number | bigint, cost: number | bigint): { text: string; value: number } {
  const p = BigInt(pnl);
  const c = BigInt(cost);
  if (c === 0n) {
    if (p === 0n) return { text: '0.00%', value: 0 };
    return p > 0n ? { text: '+∞%', value: Infinity } : { text: '-∞%', value: -Infinity };
  }
  // BigInt division truncates toward zero: exactly the display rule.
  const q = (p * 10_000n) / c;
  return { text: `${signedMoneyText(q, 2)}%`, value: (Number(p) / Number(c)) * 100 };
}
