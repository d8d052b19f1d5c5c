// The little arithmetic the robot screens do themselves, in integer minor units (contract/money.ts): which
// tier an amount falls in, what an amount's entry fee is, and whether it fits the tiers and the single limit.
// The server decides; these say the same thing before the user confirms.
import { divRound, formatMinor, parseMinor, parseSignedMinor } from '../../../contract/money.ts';
import type { RobotLevel, RobotProduct } from '../../../contract/robot.ts';

const PKR_SCALE = 2;

export const pkrMinor = (text: string): bigint | null => parseMinor(text, PKR_SCALE);

/** The tier an amount falls in (the highest whose min it reaches and whose max it does not pass). */
export function tierOf(levels: readonly RobotLevel[], amount: bigint): RobotLevel | null {
  let found: RobotLevel | null = null;
  for (const l of levels) {
    const min = pkrMinor(l.min);
    const max = pkrMinor(l.max);
    if (min !== null && max !== null && amount >= min && amount <= max) found = l;
  }
  return found;
}

/** `pct` (2 decimals, '1.50' = 1.5 %) of `amount` minor units, half-up to the paisa, as a decimal string. */
export function pctOf(amount: bigint, pct: string): string {
  const p = parseSignedMinor(pct, PKR_SCALE) ?? 0n;
  return formatMinor(divRound(amount * p, 10_000n, 'half-up'), PKR_SCALE);
}

export type AmountProblem =
  | { kind: 'empty' }
  | { kind: 'belowMin'; min: string }
  | { kind: 'aboveMax'; max: string }
  | { kind: 'aboveLimit'; left: string };

/**
 * What is wrong with a new order of `text` PKR: below the smallest tier, above the largest, or past the
 * single limit given what the user already has running in the product (`used`); null when it fits.
 */
export function amountProblem(p: RobotProduct, text: string, used: bigint): AmountProblem | null {
  const amount = pkrMinor(text);
  if (amount === null || amount === 0n) return { kind: 'empty' };
  const first = p.levels[0];
  const last = p.levels[p.levels.length - 1];
  if (first && amount < (pkrMinor(first.min) ?? 0n)) return { kind: 'belowMin', min: first.min };
  if (last && amount > (pkrMinor(last.max) ?? 0n)) return { kind: 'aboveMax', max: last.max };
  const limit = pkrMinor(p.singleLimit) ?? 0n;
  const left = limit > used ? limit - used : 0n;
  if (amount > left) return { kind: 'aboveLimit', left: formatMinor(left, PKR_SCALE) };
  return null;
}
