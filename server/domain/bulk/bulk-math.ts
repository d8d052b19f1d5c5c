// The money rules of a block trade as pure functions (contract/bulk.ts states them): the block price from a
// discount against the last close, the discount a fixed price stands at, the overflow price against the market
// now, the lot rule of a buy, and when the bought shares unlock. Paisa and basis points in, exact bigint out.
import { divRound, formatMinor } from '../../../contract/money.ts';
import { DAY_MS, isPsxTradingDay, pktDayStart } from '../market/calendar.ts';

const BPS = 10_000n;

/** price = refClose × (10000 − bps) ÷ 10000, rounded down to the paisa (the buyer gets the odd fraction). */
export function discountedPrice(refClose: bigint, discountBps: bigint): bigint {
  if (refClose <= 0n || discountBps < 0n || discountBps >= BPS) throw new RangeError('bad discount');
  return divRound(refClose * (BPS - discountBps), BPS, 'floor');
}

/** (refClose − price) ÷ refClose in basis points, truncated toward zero (negative: a premium). */
export function discountBpsOf(refClose: bigint, price: bigint): bigint {
  if (refClose <= 0n) return 0n;
  return divRound((refClose - price) * BPS, refClose, 'trunc');
}

/** Basis points as a percent string with 2 decimals ('7.50', '-1.25'). */
export const pctText = (bps: bigint): string => formatMinor(bps, 2);

/** The overflow price: how far the last price stands above the block price (paisa; negative below it). */
export function overflowOf(last: bigint, price: bigint): bigint {
  return last > 0n ? last - price : 0n;
}

/** overflow ÷ last in basis points, truncated toward zero; 0 while unpriced. */
export function overflowBps(last: bigint, price: bigint): bigint {
  if (last <= 0n) return 0n;
  return divRound(overflowOf(last, price) * BPS, last, 'trunc');
}

export type QtyProblem = { key: 'bulk.lot'; lot: number } | { key: 'bulk.tooMany'; left: number } | null;

/** A buy is a whole number of lots, at least one, never more than what is left of the block. */
export function qtyProblem(qty: number, lot: number, left: number): QtyProblem {
  if (qty <= 0 || qty % lot !== 0) return { key: 'bulk.lot', lot };
  if (qty > left) return { key: 'bulk.tooMany', left };
  return null;
}

/**
 * When shares bought at `now` unlock: the start (00:00 Pakistan time) of the first PSX trading day on or after
 * the day `lockDays` days after the buy's day. lockDays ≥ 1, so it is never sooner than T+1.
 */
export function lockUntil(now: number, lockDays: number): number {
  let day = pktDayStart(now) + lockDays * DAY_MS;
  for (let i = 0; i < 60 && !isPsxTradingDay(day); i++) day += DAY_MS;
  return day;
}
