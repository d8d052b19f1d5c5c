// Builds the record the keeper writes (saved-portfolio.ts) from what the account feed holds: the positions
// carry the last live price in `lastPrice`, and the tickers kept are those of the held and watched symbols
// only (the market lists themselves are not kept: offline they show what the portfolio needs, with its time);
// what a save keeps of the previous record is saved-portfolio.ts's keepKnown.
import type { Ticker } from '../../protocol/market.ts';
import type { Assets, Position, StockOrder } from '../../protocol/trade.ts';
import type { MarketTickers, PriceBoard } from '../feeds/market/price-board.ts';
import { keptSymbols, SAVED_VERSION, type SavedPortfolio, type SavedWatchlist } from './saved-portfolio.ts';

export interface PortfolioParts {
  accountKey: string;
  asOf: number;
  assets: Assets | null;
  orders: readonly StockOrder[];
  positions: readonly Position[];
  watchlist: SavedWatchlist | null;
}

/** The record of what the feed holds now: tickers of the held and watched symbols it has heard of. */
export function portfolioRecord(parts: PortfolioParts, prices: PriceBoard): SavedPortfolio {
  const byMarket = new Map<MarketTickers['market'], Ticker[]>();
  for (const s of keptSymbols(parts.positions, parts.watchlist)) {
    const t = prices.ticker(s);
    if (!t) continue;
    const m = prices.marketOf(s);
    const list = byMarket.get(m);
    if (list) list.push(t);
    else byMarket.set(m, [t]);
  }
  return {
    v: SAVED_VERSION,
    accountKey: parts.accountKey,
    asOf: parts.asOf,
    assets: parts.assets,
    positions: parts.positions.map((p) => {
      const last = prices.price(p.symbol);
      return last === undefined || last === p.lastPrice ? p : { ...p, lastPrice: last };
    }),
    orders: [...parts.orders],
    watchlist: parts.watchlist,
    tickers: [...byMarket].map(([market, tickers]) => ({ market, tickers })),
  };
}
