// Builds the record the keeper writes (saved-portfolio.ts) from what the account feed holds: the positions
// carry the last live price in `lastPrice`, and the tickers kept are those of the held and watched symbols
// only (the market lists themselves are not kept: offline they show what the portfolio needs, with its time).
import type { Ticker } from '../../protocol/market.ts';
import type { Assets, Position, StockOrder } from '../../protocol/trade.ts';
import type { MarketTickers, PriceBoard } from '../feeds/market/price-board.ts';
import { SAVED_VERSION, type SavedPortfolio, type SavedWatchlist } from './saved-portfolio.ts';

export interface PortfolioParts {
  accountKey: string;
  asOf: number;
  assets: Assets | null;
  orders: readonly StockOrder[];
  positions: readonly Position[];
  watchlist: SavedWatchlist | null;
}

/** The symbols whose tickers the record keeps. */
export function keptSymbols(positions: readonly { symbol: string }[], w: SavedWatchlist | null): Set<string> {
  const out = new Set<string>();
  for (const p of positions) out.add(p.symbol);
  if (w) for (const s of [...w.stocks, ...w.coins]) out.add(s);
  return out;
}

/**
 * `before` is the account's previous record's tickers: a symbol the board has no ticker for yet (a fresh start
 * on a screen that does not subscribe it, such as a watched symbol seen from Positions) keeps its last one
 * rather than dropping out of the record.
 */
export function portfolioRecord(
  parts: PortfolioParts,
  prices: PriceBoard,
  before: readonly MarketTickers[] = [],
): SavedPortfolio {
  const kept = new Map<string, { market: MarketTickers['market']; t: Ticker }>();
  for (const m of before) for (const t of m.tickers) kept.set(t.s, { market: m.market, t });
  const byMarket = new Map<MarketTickers['market'], Ticker[]>();
  for (const s of keptSymbols(parts.positions, parts.watchlist)) {
    const live = prices.ticker(s);
    const old = live ? undefined : kept.get(s);
    const t = live ?? old?.t;
    if (!t) continue;
    const m = old ? old.market : prices.marketOf(s);
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
