// Colour direction of a signed decimal string (P&L, change): read from its sign, no arithmetic.
export type Dir = 'up' | 'down' | 'flat';

export function dirOf(value: string | null | undefined): Dir {
  const s = (value ?? '').trim();
  if (!s || /^[+-]?0*(\.0*)?$/.test(s)) return 'flat';
  return s.startsWith('-') ? 'down' : 'up';
}

/** '+' in front of a positive amount (the server sends positives unsigned). */
export function signed(formatted: string, dir: Dir): string {
  return dir === 'up' && !formatted.startsWith('+') ? `+${formatted}` : formatted;
}
