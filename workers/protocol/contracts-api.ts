// The contracts feed's slice of the worker API (issue 16 item 5): the app hands the worker the caller's open
// perpetual positions as the server answered them (coin/contract/order/list), and the worker re-values them on
// every price tick of their pairs, exactly (contract/perp/, bigint), posting final display strings. The main
// thread does no money arithmetic. Types only; workers/market/feeds/contracts/ implements it.

/** One open position as the server's PerpPositionView gives it (the fields the live figures need). */
export interface ContractPositionInput {
  id: number;
  symbol: string;
  side: 'long' | 'short';
  /** base units, at the pair's quantity decimals (its places give them) */
  qty: string;
  /** Σ qty·price of the fills, at price + quantity decimals: exact */
  entryValue: string;
  /** isolated margin, USDT at 6 places */
  margin: string;
  leverage: number;
  /** the server's mark and last price when it answered (their places give the price decimals) */
  markPrice: string;
  lastPrice: string;
  liqPrice: string | null;
}

/** What moves with the price, for one position. Strings are final display text (exact, as the server's). */
export interface ContractLiveView {
  id: number;
  /** the live mark: the live last price + the premium the server's mark held over its last (EMA: slow) */
  mark: string;
  /** uPnL on the mark, USDT at 6 places, cut down (the server's rounding) */
  pnl: string;
  /** uPnL / initial margin at entry, percent at 2 places, truncated; '' when there is no base */
  roe: string;
  /** maintenance / (margin + uPnL), percent at 2 places, rounded up; '' beyond 100 % (margin balance ≤ 0) */
  marginRatio: string;
  /** |mark − liquidation| / mark, percent at 2 places, truncated; '' without a liquidation price */
  liqDistance: string;
  /** Sign of pnl (colour only) and the margin ratio as a number (the 80 % warning only); never shown. */
  pnlSign: -1 | 0 | 1;
  marginRatioValue: number;
}

/** One post of the contracts feed. */
export interface ContractsUpdate {
  /** The account the positions belong to: the app drops an update for another. */
  accountKey: string;
  /** Rows that changed (all of them right after a new set). */
  rows: ContractLiveView[];
  /** Position ids no longer held. */
  removed?: number[];
}

export interface ContractsFeedBatch {
  contracts?: ContractsUpdate;
}

export interface ContractsFeedApi {
  /** The open positions of `accountKey` as last read; an empty list clears them. Replaces any earlier set. */
  setContractPositions(accountKey: string, positions: ContractPositionInput[]): void;
}
