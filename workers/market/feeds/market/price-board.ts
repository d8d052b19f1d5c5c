// What the market feed lends other feeds: the last price it holds for a symbol, and a hook on every batch of
// tickers it applies (socket or polling), so the account feed can re-price just the positions that moved.
export interface PriceBoard {
  /** The live price string, or undefined before the symbol's first ticker. */
  price(symbol: string): string | undefined;
  /** Called with each batch of tickers applied, in the worker, synchronously: keep it cheap. */
  onTickers(listener: (tickers: readonly { s: string; pc?: string }[]) => void): void;
}
