// The account's live positions as the worker posts them (issue 4 §5): market value and floating and today's
// P&L computed in the worker, exact to the paisa, from the account feed's positions and the market feed's
// prices. Part of the account feed's slice of the worker API (account-api.ts); types only.

/** A positions row on screen: its display strings stream (totals always do). */
export type PositionInterestKey = `position:${string}`;

export function positionKey(symbol: string): PositionInterestKey {
  return `position:${symbol}`;
}

/** What moves with the price. Strings are final display text; floats pick colours and sort, never shown. */
export interface PositionLiveView {
  /** last price, grouped ('1,234.50') */
  last: string;
  /** qty × last, PKR truncated to 2 places, grouped */
  marketValue: string;
  /** market value − cost, signed ('+1,234.50', '-3.20', '0.00') */
  pnl: string;
  /** pnl / cost × 100 truncated to 2 places, signed ('+1.25%'); a zero cost gives '+∞%' / '-∞%' (spec) */
  pnlPct: string;
  /**
   * `pnl` and `pnlPct` as approximate numbers, for a colour or an order only (the app reads their sign): the
   * exact figures are the strings, and no money arithmetic is done on these.
   */
  pnlValue: number;
  pnlPctValue: number;
  /**
   * Today's P&L: qty × last − ((qty − todayQty) × prevClose + todayCost), signed like `pnl`; '' when the
   * position has no today's inputs (no prevClose from the server).
   */
  todayPnl?: string;
  /** todayPnl / today's base × 100, truncated to 2 places, signed ('+0.50%'); '' with todayPnl. */
  todayPnlPct?: string;
  /** Colour of todayPnl only (0 when unknown). */
  todayPnlValue?: number;
  /** Last price against the previous update of this row: the flash colour (0 on first sight). */
  dir: -1 | 0 | 1;
}

/** What changes only when the position itself changes (a fill, T+1 roll-over). Display strings. */
export interface PositionInfoView {
  nameEn: string;
  nameUr: string;
  qty: string;
  available: string;
  locked: string;
  /** PKR per share truncated to 2 places */
  avgCost: string;
  cost: string;
}

export interface PositionRowUpdate {
  symbol: string;
  live: PositionLiveView;
  /** Present when the row is new to the app (first shown, resent) or the position changed. */
  info?: PositionInfoView;
}

export interface PositionTotalsView {
  /** positions held */
  count: number;
  marketValue: string;
  cost: string;
  pnl: string;
  pnlPct: string;
  /** Approximate, for a colour or an order only, as in PositionLiveView. */
  pnlValue: number;
  pnlPctValue: number;
  /** Today's P&L of all positions ('' when some position has no prevClose); as in PositionLiveView. */
  todayPnl?: string;
  todayPnlPct?: string;
  todayPnlValue?: number;
}

/**
 * One flush of the account's positions (at most every positionsFlushMs). Rows cross only for symbols the app has
 * on screen (`position:<SYM>` interest) and only when they changed; totals cross whenever they change.
 */
export interface PositionsUpdate {
  /** The account these figures belong to (the app drops an update for another account). */
  accountKey: string;
  /** The whole list in display order, when it changed (set, upsert of a new symbol, remove, account switch). */
  symbols?: string[];
  rows?: PositionRowUpdate[];
  /** Symbols no longer held: their rows are cleared. */
  removed?: string[];
  totals?: PositionTotalsView;
  /**
   * A held symbol's previous close moved (a new PSX trading day): today's shares, their cost and the T+1 locks
   * the server gave are stale. The account feed reads the account again itself; until then the worker values
   * those symbols as if nothing was bought today (every share against the new close).
   */
  reread?: true;
}
