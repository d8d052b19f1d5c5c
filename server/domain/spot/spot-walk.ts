// Walking a simulated crypto book for a spot order: by base quantity, or (a market buy) by a USDT budget; and
// which simulated prints cross a resting limit order. Prices in ticks, quantities in lots (contract/spot-rules.ts).
import type { BookLevel } from '../../../workers/protocol/market.ts';
import type { OrderSide } from '../../../workers/protocol/trade.ts';
import { parseMinor } from '../../../contract/money.ts';
import type { PairUnits } from '../../../contract/spot-rules.ts';

export interface SpotLevel {
  price: bigint;
  qty: bigint;
}

/** Book levels (decimal strings) in the pair's units; malformed or empty levels are skipped. */
export function spotLevels(side: readonly BookLevel[], p: PairUnits): SpotLevel[] {
  const out: SpotLevel[] = [];
  for (const [ps, qs] of side) {
    const price = parseMinor(ps, p.priceDecimals);
    const qty = parseMinor(qs, p.qtyDecimals);
    if (price !== null && qty !== null && price > 0n && qty > 0n) out.push({ price, qty });
  }
  return out;
}

export type WalkLimit =
  /** at most this many lots */
  | { qty: bigint }
  /** at most this raw value (Σ qty × price): a market buy's USDT budget (rawBudget) */
  | { raw: bigint };

/**
 * Takes from the levels best first (asks for a buy, bids for a sell) up to the quantity or budget, stopping at
 * `limitPrice` when given (a buy takes levels ≤ it, a sell levels ≥ it). May return less when depth runs out.
 */
export function walkSpot(
  side: OrderSide,
  levels: readonly SpotLevel[],
  want: WalkLimit,
  limitPrice?: bigint,
): SpotLevel[] {
  const fills: SpotLevel[] = [];
  let qtyLeft = 'qty' in want ? want.qty : null;
  let rawLeft = 'raw' in want ? want.raw : null;
  for (const l of levels) {
    if (limitPrice !== undefined && (side === 'buy' ? l.price > limitPrice : l.price < limitPrice)) break;
    let take = l.qty;
    if (qtyLeft !== null && qtyLeft < take) take = qtyLeft;
    if (rawLeft !== null && rawLeft / l.price < take) take = rawLeft / l.price;
    if (take <= 0n) break;
    fills.push({ price: l.price, qty: take });
    if (qtyLeft !== null) qtyLeft -= take;
    if (rawLeft !== null) rawLeft -= take * l.price;
  }
  return fills;
}

/** Whether the best opposite level would fill a limit order at once (a post-only order is refused then). */
export function wouldTake(side: OrderSide, levels: readonly SpotLevel[], limitPrice: bigint): boolean {
  const best = levels[0];
  if (!best) return false;
  return side === 'buy' ? best.price <= limitPrice : best.price >= limitPrice;
}

/** Whether a print at `price` fills a resting limit order at `limit`. */
export function spotCrosses(side: OrderSide, limit: bigint, price: bigint): boolean {
  return side === 'buy' ? price <= limit : price >= limit;
}
