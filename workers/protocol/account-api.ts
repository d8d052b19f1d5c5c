// The account feed's slice of the worker API: the app names the signed-in account (its token), and the worker
// keeps the private account channel (ACCOUNT_WS_PATH, trade.ts) for the whole session, with REST polling while
// the socket is down, and posts the account's open orders, balances and live positions. Types only; the
// worker's feeds/account/ implements it, worker-api.ts joins it with the other feeds'.
import type { Instrument } from './market.ts';
import type { PositionInterestKey, PositionsUpdate } from './positions-api.ts';
import type { StockOrder } from './trade.ts';

export interface AccountFeedOptions {
  /** The account socket's URL (ws: or wss:, ACCOUNT_WS_PATH next to the market socket); null = poll only. */
  accountWsUrl?: string | null;
  /** Account polling period while its socket is down (default 5000 ms). */
  accountPollMs?: number;
  /** From a lost (or never opened) account socket to the first poll (default 1500 ms). */
  accountFallbackMs?: number;
  /** Live positions flush period (default 200 ms). */
  positionsFlushMs?: number;
}

/** The account the app is signed in to; its token travels in the socket's `sub` frame, never in a URL. */
export interface AccountSession {
  /** The access token of the real or the demo account (each has its own). */
  token: string;
  /** Names the account in what the worker posts ('<user>:real'); the app drops posts for any other. */
  accountKey: string;
}

/**
 * 'live': the socket delivers; 'polling': it is down and REST polling delivers; 'offline': neither yet;
 * 'ended': the server ended the session (sign-out elsewhere, password change, expired token): the feed stopped.
 */
export type AccountFeedState = 'live' | 'polling' | 'offline' | 'ended';

/** The balances of the Assets page as final display text (PKR, truncated to 2 places, grouped). */
export interface AssetsView {
  /** available + frozen + the live market value of the positions */
  total: string;
  available: string;
  frozen: string;
  /** live, from the worker's positions */
  marketValue: string;
  floatingPnl: string;
  /** '' when unknown (no previous close for some position and none from the server) */
  todayPnl: string;
  /** for a colour only (the sign) */
  floatingPnlValue: number;
  todayPnlValue: number;
}

/** The user's watchlist as the app last read it, with its members' names (rows show names offline too). */
export interface WatchlistSnapshot {
  stocks: string[];
  coins: string[];
  instruments: Instrument[];
}

/** One post of the account feed: only what changed. */
export interface AccountUpdate {
  accountKey: string;
  state?: AccountFeedState;
  /**
   * With state 'ended': the token of the session the server ended (a socket `err` sessionEnded, or a poll
   * answered -1000). The app clears that session and goes to login, as for any -1000; naming the token keeps a
   * late post from ending a newer session the app has signed in to meanwhile.
   */
  endedToken?: string;
  /** Open orders (pending and partial), newest first: the whole list whenever it changed. */
  orders?: StockOrder[];
  assets?: AssetsView;
  /**
   * How current the account's figures are: null while a source delivers them; else the epoch ms they were last
   * known live (restored from this device after an offline start, or both sources failed since).
   */
  asOf?: number | null;
  /** The watchlist kept on this device, posted when restored (the app shows it until it can read its own). */
  watchlist?: WatchlistSnapshot;
  /** Counts the account's spot order changes the socket told (issue 16): the spot screen re-reads on a change. */
  spotSeq?: number;
  /** Counts the contract position changes the socket told (liquidation, TP/SL, funding): the contract screen re-reads. */
  perpSeq?: number;
}

/** The account feed's sections of a post to the app. */
export interface AccountFeedBatch {
  account?: AccountUpdate;
  positions?: PositionsUpdate;
}

export type AccountInterestKey = PositionInterestKey;

export interface AccountFeedApi {
  /**
   * The signed-in account (login, real ↔ demo switch) or null (sign-out). A new account drops everything of
   * the previous one before anything of the new one is posted, so two accounts never mix.
   */
  setAccount(session: AccountSession | null): void;
  /**
   * The account's watchlist as the app just read it: kept on the device with the portfolio (offline start).
   * Ignored unless `accountKey` is the account the worker follows.
   */
  setWatchlist(accountKey: string, watchlist: WatchlistSnapshot): void;
}
