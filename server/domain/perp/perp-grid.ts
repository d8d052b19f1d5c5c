// A crypto pair as the contract math sees it: its grid (price and quantity decimals) and tiers, and the prices
// the market shows now (last, best bid and ask) in price units. Only USDT crypto pairs have contracts.
import { parseMinor } from '../../../contract/money.ts';
import type { PerpGrid } from '../../../contract/perp/fixed.ts';
import { tiersOf, type Tier } from '../../../contract/perp/tiers.ts';
import type { MarketSource } from '../market/market-source.ts';

export type PerpMarket = Pick<MarketSource, 'instrument' | 'ticker' | 'now'>;

export interface PerpPair {
  symbol: string;
  base: string;
  grid: PerpGrid;
  tiers: readonly Tier[];
}

export function perpPair(market: PerpMarket, symbol: string): PerpPair | null {
  const ins = market.instrument(symbol);
  if (!ins || ins.market !== 'crypto' || ins.quote !== 'USDT') return null;
  return {
    symbol,
    base: ins.base,
    grid: { priceDecimals: ins.priceDecimals, qtyDecimals: ins.qtyDecimals },
    tiers: tiersOf(ins.base),
  };
}

export interface PerpQuote {
  last: bigint;
  bid: bigint;
  ask: bigint;
}

/** The pair's last price and best bid / ask in price units (null when the feed has none yet). */
export function quoteOf(market: PerpMarket, pair: PerpPair): PerpQuote | null {
  const t = market.ticker(pair.symbol);
  if (!t) return null;
  const d = pair.grid.priceDecimals;
  const last = parseMinor(t.p, d);
  const bid = parseMinor(t.b, d);
  const ask = parseMinor(t.a, d);
  if (!last || last <= 0n) return null;
  return { last, bid: bid && bid > 0n ? bid : last, ask: ask && ask > 0n ? ask : last };
}
