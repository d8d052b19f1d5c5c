// The contracts feed's slice of the worker API (issue 16 item 5): the app hands the worker the caller's open
// perpetual positions as the server answered them (coin/contract/order/list), and the worker re-values all of
// them on every price tick of their pairs, exactly (contract/perp/'s roundings; float64 integers under a checked
// bound, else bigint), posting the totals and the final display strings of the rows on screen (a row holds
// `contract:<id>` interest while it is shown, as stock positions hold `position:<SYM>`). The main thread does no
// money arithmetic. Types and keys only; workers/market/feeds/contracts/ implements it.

/** A position row on screen: its display strings stream. */
export type ContractInterestKey = `contract:${number}`;

export function contractLiveKey(id: number): ContractInterestKey {
  return `contract:${id}`;
}

export function isContractKey(key: string): key is ContractInterestKey {
  return key.startsWith('contract:');
}

/** The margin ratio (percent) from which a position is at risk: its row warns, and the totals count it. */
export const CONTRACT_RISK_PCT = 80;

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

/** All open positions of the account on the latest marks. */
export interface ContractsTotalsView {
  count: number;
  /** Σ uPnL, USDT at 6 places (each position's cut down first, as the rows show them) */
  pnl: string;
  pnlSign: -1 | 0 | 1;
  /** positions at or past CONTRACT_RISK_PCT margin ratio */
  atRisk: number;
}

/** One post of the contracts feed. */
export interface ContractsUpdate {
  /** The account the positions belong to: the app drops an update for another. */
  accountKey: string;
  /** Rows on screen that changed (every shown row right after a new set or a new listener). */
  rows: ContractLiveView[];
  /** When they changed. */
  totals?: ContractsTotalsView;
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
