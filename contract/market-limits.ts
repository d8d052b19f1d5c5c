// Constants of the market contract that the app and the worker also need at run time. This module imports
// nothing (no typebox), so re-exporting it from workers/protocol/market.ts adds no schema library to the
// worker or app bundles; contract/market.ts builds its enums and bounds from the same lists.

export const MARKETS = ['psx', 'index', 'crypto'] as const;
export type Market = (typeof MARKETS)[number];

export const INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type Interval = (typeof INTERVALS)[number];

// 'halt': the market-wide halt (KSE-30 ±5 % for 5 minutes, server/domain/market/market-halt.ts); appended
// last so the ticker batch's session codes of the others stay as they were.
export const SESSION_STATES = ['pre', 'open', 'break', 'closed', 'halt'] as const;

/** Most bars one candles call answers. */
export const MAX_CANDLES = 1000;
/** Most levels per side one books call answers. */
export const MAX_BOOK_DEPTH = 50;
/** Most prints one trades call answers. */
export const MAX_TRADES = 200;
