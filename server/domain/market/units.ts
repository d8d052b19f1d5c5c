// Integer minor units for simulator prices and quantities: the simulator walks in whole ticks and only turns
// units into decimal strings at the edge, so every price on the wire is exact.

/** '270.50' with 2 decimals → 27050. Throws on more decimals than allowed. */
export function toUnits(s: string, decimals: number): number {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new Error(`not a decimal: ${s}`);
  const frac = m[3] ?? '';
  if (frac.length > decimals && /[1-9]/.test(frac.slice(decimals)))
    throw new Error(`too many decimals: ${s}`);
  const n = Number(m[2]) * 10 ** decimals + Number(frac.slice(0, decimals).padEnd(decimals, '0') || '0');
  return m[1] ? -n : n;
}

/** 27050 with 2 decimals → '270.50'. Works for number or bigint units. */
export function fmtUnits(units: number | bigint, decimals: number): string {
  const neg = units < 0;
  // Safe integers format without BigInt (this is the hottest function of the tick loop).
  const abs = typeof units === 'number' ? String(Math.abs(units)) : (neg ? -units : units).toString();
  if (decimals === 0) return (neg ? '-' : '') + abs;
  const padded = abs.length > decimals ? abs : abs.padStart(decimals + 1, '0');
  const cut = padded.length - decimals;
  return `${neg ? '-' : ''}${padded.slice(0, cut)}.${padded.slice(cut)}`;
}

/** Percent change with 2 decimals, rounded half away from zero, computed in integers: (p - ref) / ref. */
export function pctString(p: number, ref: number): string {
  if (ref === 0) return '0.00';
  const num = BigInt(p - ref) * 10000n;
  const den = BigInt(ref);
  let q = num / den;
  const r = num % den;
  if (r * 2n >= den) q += 1n;
  else if (r * 2n <= -den) q -= 1n;
  return fmtUnits(q, 2);
}
