// One polling round of the fallback: the tickers of every market plus the book, tape and newest bars of what
// the app has open, fetched in parallel. It only fetches; the feed applies the answer, and only if the round
// is still current (a round outlived by a socket reconnect is discarded, so it cannot roll state back).
import type { Book, Candle, Interval, Market, Ticker, Trade } from '../../protocol/market.ts';
import { MARKETS } from '../../protocol/market.ts';
import type { MarketRest } from './rest.ts';

export interface PollPlan {
  marketOf(symbol: string): Market;
  books: readonly string[];
  trades: readonly string[];
  candles: readonly { symbol: string; interval: Interval }[];
}

export interface PollResult {
  tickers: { market: Market; tickers: Ticker[] }[];
  books: Book[];
  trades: { symbol: string; trades: Trade[] }[];
  candles: { symbol: string; interval: Interval; bars: Candle[] }[];
  ok: number;
  failed: number;
}

/** Prints per polled tape page. */
export const POLL_TRADES = 50;
/** Newest bars per poll: the live one and the one it may have just replaced. */
export const POLL_BARS = 2;

export async function pollOnce(rest: MarketRest, plan: PollPlan, signal: AbortSignal): Promise<PollResult> {
  const result: PollResult = { tickers: [], books: [], trades: [], candles: [], ok: 0, failed: 0 };
  const jobs: Promise<void>[] = [];
  const job = <T>(p: Promise<T>, keep: (v: T) => void) =>
    jobs.push(
      p.then(
        (v) => {
          result.ok++;
          keep(v);
        },
        () => {
          result.failed++;
        },
      ),
    );
  for (const market of MARKETS) {
    job(rest.tickers(market, signal), (tickers) => result.tickers.push({ market, tickers }));
  }
  for (const s of plan.books) job(rest.book(plan.marketOf(s), s, signal), (b) => result.books.push(b));
  for (const s of plan.trades) {
    job(rest.trades(plan.marketOf(s), s, POLL_TRADES, signal), (trades) =>
      result.trades.push({ symbol: s, trades }),
    );
  }
  for (const { symbol, interval } of plan.candles) {
    job(rest.candles(plan.marketOf(symbol), symbol, interval, { limit: POLL_BARS }, signal), (bars) =>
      result.candles.push({ symbol, interval, bars }),
    );
  }
  await Promise.all(jobs);
  return result;
}
