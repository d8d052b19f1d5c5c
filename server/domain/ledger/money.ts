// Exact conversion between decimal strings and integer minor units (paisa etc.); no floating point anywhere.

const DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

/** "1234.5" with scale 2 → 123450n; null when not a plain non-negative decimal or too many decimals. */
export function parseMinorUnits(text: string, scale: number): bigint | null {
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const whole = m[1] ?? '0';
  const frac = m[2] ?? '';
  if (frac.length > scale) return null;
  return BigInt(whole + frac.padEnd(scale, '0'));
}

/** 123450n with scale 2 → "1234.50" (always `scale` decimals; sign kept). */
export function formatMinorUnits(amount: bigint, scale: number): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${frac}` : ''}`;
}
