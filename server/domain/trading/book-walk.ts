// Pure matching arithmetic: walking a book side for a quantity, and which simulated prints cross a resting
// limit order. Prices are paisa, quantities whole shares.
import type { OrderSide } from '../../../workers/protocol/trade.ts';
import type { BookLevel } from '../../../workers/protocol/market.ts';
import { parseMinor } from '../../../contract/money.ts';

export interface Level {
  price: bigint;
  qty: bigint;
}

export interface Fill {
  price: bigint;
  qty: bigint;
}

/** Book levels (decimal strings) as paisa / shares; malformed levels are skipped. */
export function toLevels(side: readonly BookLevel[]): Level[] {
  const out: Level[] = [];
  for (const [p, q] of side) {
    const price = parseMinor(p, 2);
    const qty = parseMinor(q, 0);
    if (price !== null && qty !== null && price > 0n && qty > 0n) out.push({ price, qty });
  }
  return out;
}

/**
 * Takes up to `qty` from the levels best first (asks for a buy, bids for a sell), stopping at `limit` when
 * given (a buy takes levels ≤ limit, a sell levels ≥ limit). May return less than `qty` when depth runs out.
 */
export function walkBook(side: OrderSide, levels: readonly Level[], qty: bigint, limit?: bigint): Fill[] {
  const fills: Fill[] = [];
  let left = qty;
  for (const l of levels) {
    if (left <= 0n) break;
    if (limit !== undefined && (side === 'buy' ? l.price > limit : l.price < limit)) break;
    const take = l.qty < left ? l.qty : left;
    fills.push({ price: l.price, qty: take });
    left -= take;
  }
  return fills;
}

export function sumFills(fills: readonly Fill[]): { qty: bigint; amount: bigint } {
  let qty = 0n;
  let amount = 0n;
  for (const f of fills) {
    qty += f.qty;
    amount += f.qty * f.price;
  }
  return { qty, amount };
}

/** Whether a print at `price` fills a resting limit order at `limit` (at the print's price: limit or better). */
export function crosses(side: OrderSide, limit: bigint, price: bigint): boolean {
  return side === 'buy' ? price <= limit : price >= limit;
}
