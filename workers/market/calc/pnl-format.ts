// Scaled-integer plumbing of the P&L calculators: decimal strings → integer digit strings at a fixed scale,
// and exact scaled integers (number or bigint) → display strings. Everything is string work on exact integer
// digits (String() of a safe integer is exact), so no float ever decides a shown digit.

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Decimal places of a plain decimal string ('12.500' → 3); -1 when it is not a plain decimal. */
export function decimalsOf(x: string): number {
  const m = PLAIN.exec(x);
  if (!m || (!m[2] && !m[3])) return -1;
  return (m[3] ?? '').length;
}

/**
 * The integer x × 10^scale as a digit string with sign ('12.5', 2 → '1250'), or null when x is not a plain
 * decimal or has more places than `scale` (the caller widens the scale rather than lose a digit).
 */
export function scaledDigits(x: string, scale: number): string | null {
  const m = PLAIN.exec(x);
  if (!m || (!m[2] && !m[3])) return null;
  const frac = m[3] ?? '';
  if (frac.length > scale) return null;
  const digits = ((m[2] || '0') + frac + '0'.repeat(scale - frac.length)).replace(/^0+(?=\d)/, '');
  return m[1] === '-' && !/^0+$/.test(digits) ? `-${digits}` : digits;
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
