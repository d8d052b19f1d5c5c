// The trade screen's one door to live market data (a thin adapter over src/market/hooks.ts), so component
// tests mock one small module.
import { toneOf } from '../../../workers/protocol/quote-cell.ts';
import { useTicker } from '../../market/hooks.ts';

export interface LivePrice {
  /** display text, e.g. '1,234.50' */
  price: string;
  changePct: string;
  dir: 'up' | 'down' | 'flat';
  /** PSX is under the market-wide halt (KSE-30 ±5 %, server/domain/market/market-halt.ts) */
  halted: boolean;
}

export function useLivePrice(symbol: string): LivePrice | null {
  const v = useTicker(symbol || null);
  if (!v) return null;
  return {
    price: v.price,
    changePct: v.changePct,
    dir: toneOf(v.changePctValue),
    halted: v.session === 'halt',
  };
}
