// A held position as the server sends it (stock/hold/list, the account channel), bought at `avgCost` and
// still at that price: cost and market value are qty × avgCost exactly, no P&L yet. Whole-share quantities.
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import type { Position } from '../../../workers/protocol/trade.ts';

export function position(symbol: string, qty: string, avgCost = '10.00'): Position {
  const cost = formatMinor(BigInt(qty) * (parseMinor(avgCost, 2) ?? 0n), 2);
  return {
    symbol,
    nameEn: symbol,
    nameUr: symbol,
    qty,
    available: qty,
    locked: '0',
    avgCost,
    cost,
    lastPrice: avgCost,
    marketValue: cost,
    pnl: '0.00',
    pnlPct: '0.00',
  };
}
