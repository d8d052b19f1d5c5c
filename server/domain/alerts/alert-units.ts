// Alert values as the index's integers, exactly (no floating point): a price in the symbol's price units
// (10^-priceDecimals), a percent in basis points. A value with more decimals than the symbol's price
// (or than 2 for a percent) is not representable: null.
const DEC = /^(-?)(\d+)(?:\.(\d*))?$/;

/** '12.5' at scale 2 → 1250; '-1.25' at 2 → -125; more decimals than `scale` → null (or truncated: `cut`). */
export function toUnits(text: string, scale: number, cut = false): number | null {
  const m = DEC.exec(text);
  if (!m) return null;
  let frac = m[3] ?? '';
  if (frac.length > scale) {
    // extra digits: zeros are harmless; others are refused, or cut off (a feed's value, toward zero)
    if (!cut && /[^0]/.test(frac.slice(scale))) return null;
    frac = frac.slice(0, scale);
  }
  const n = Number(m[2]! + frac.padEnd(scale, '0'));
  if (!Number.isSafeInteger(n)) return null;
  return m[1] === '-' ? -n : n;
}

/** Basis points of a percent text ('1.25' → 125). */
export const percentBps = (text: string, cut = false) => toUnits(text, 2, cut);
