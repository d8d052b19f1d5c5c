// Fixed terms of the perpetual contracts (rates at 10^-8, contract/perp/fixed.ts RATE_ONE): Binance's regular
// USDⓈ-M tier fees (derivatives.md §1 "P&L, ROE, fees"), a 10× default leverage, 8-hour funding. The funding
// interval is an engine option so tests can drive it.
export const TAKER_RATE = 50_000n; // 0.05 %
export const MAKER_RATE = 20_000n; // 0.02 %: a resting limit order's fill (perp-limit.ts)
export const DEFAULT_LEVERAGE = 10;
export const MAX_LEVERAGE = 125;
export const FUNDING_INTERVAL_MS = 8 * 60 * 60 * 1000;

/** Ledger: the contract account's books and the system accounts the contracts post to. */
export const USDT = 'USDT';
/** Fee income of the contracts. */
export const FEE_ACCOUNT = 'fee_perp';
/** The simulated counterparty of every contract fill: pays profits, receives losses. */
export const MARKET_ACCOUNT = 'perp_market';
/** Takes a liquidated position's remaining margin and covers what a bankrupt one cannot pay. */
export const INSURANCE_ACCOUNT = 'insurance_fund';
