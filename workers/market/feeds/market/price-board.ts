// What the market feed lends other feeds: the last price it holds for a symbol, and a hook on every batch of
// tickers it applies (socket or polling), so the account feed can re-price just the positions that moved; and,
// for the portfolio kept offline (offline/), the whole tickers to save and a way to put saved ones back.
import type { Market, Ticker } from '../../../protocol/market.ts';

/** The tickers of one market, as the portfolio keeps them. */
export interface MarketTickers {
  market: Market;
  tickers: Ticker[];
}

export interface PriceBoard {
  /** The live price string, or undefined before the symbol's first ticker. */
  price(symbol: string): string | undefined;
  /** The server's mark of a perpetual (its `mark:<SYM>` channel, held while someone shows interest), if heard. */
  mark?(symbol: string): string | undefined;
  /** Called, in the worker, synchronously, when a pair's mark arrives (snap or delta). */
  onMark?(listener: (symbol: string) => void): void;
  /** Called with each batch of tickers applied, in the worker, synchronously: keep it cheap. */
  onTickers(listener: (tickers: readonly { s: string; pc?: string }[]) => void): void;
  /** The whole ticker the feed holds (exact wire strings), or undefined. */
  ticker(symbol: string): Ticker | undefined;
  /** The market a symbol trades in. */
  marketOf(symbol: string): Market;
  /** When a source last delivered (epoch ms); null before that, or while only saved tickers are held. */
  freshAt(): number | null;
  /** Saved tickers back into the feed, unless a source has delivered already; reported as of `asOf`. */
  restore(tickers: readonly MarketTickers[], asOf: number): void;
}
