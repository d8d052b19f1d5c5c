// Atoms the market bridge writes and the market hooks read: one atom per symbol (a tick re-renders only the
// rows showing that symbol), per open-chart channel, per sorted list, and the feed status. Written only by
// apply-batch.ts; features read them through hooks.ts.
import type { BookView } from '../../workers/protocol/market-api.ts';
import type { FeedStatus } from '../../workers/protocol/feed-status.ts';
import type { SessionState, Trade } from '../../workers/protocol/market.ts';
import { atom, atomFamily } from '../shared/state/jotai.ts';

/** One symbol as a list row shows it. Strings are final display text (formatted exactly in the worker). */
export interface TickerView {
  symbol: string;
  /** '1,234.50' */
  price: string;
  /** '+12.50' / '-3.20' / '0.00' */
  change: string;
  /** '+1.25%' */
  changePct: string;
  open: string;
  high: string;
  low: string;
  prevClose: string;
  /** '1.23M' */
  volume: string;
  turnover: string;
  session: SessionState;
  /** Time of the ticker (ms). */
  ts: number;
  /** Floats for colour/sort decisions only (never shown, never used for money). */
  last: number;
  changePctValue: number;
  /** Direction of the latest price move against the previous update: the flash colour. */
  dir: -1 | 0 | 1;
  /**
   * A flash showing now: the direction of the move that started it, 0 when none. Set and cleared by the batch
   * applier on batch frames (apply-batch.ts), so a flash never costs a frame of its own.
   */
  flashing: -1 | 0 | 1;
}

/** A bar as lightweight-charts takes it (time in seconds). Floats: plotting is pixels, not money. */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface CandlesView {
  status: 'pending' | 'success' | 'error';
  /** The whole series, oldest first: give it to setData when `version` changes. */
  bars: readonly ChartBar[];
  /** Bars changed by the latest live update (oldest first): give each to update(). Empty after a reset. */
  updates: readonly ChartBar[];
  /** Bumps on every full (re)load: history, resync, older page. */
  version: number;
  error: string | null;
}

/**
 * One chart indicator's lines as the worker computed them over the candle series (the main thread does no
 * indicator math). Floats for plotting only.
 */
export interface IndicatorView {
  status: 'pending' | 'success';
  /** Line names, in the order of `values` ('ma5' 'ma10' 'ma20', 'dif' 'dea' 'macd', …). */
  lines: readonly string[];
  /** Bar open times in seconds, oldest first (the candle series' bars). */
  time: readonly number[];
  /** 1 where the bar closed at or above its open: a volume bar's colour. */
  up: readonly number[];
  /** values[k][i] = line k at bar i; NaN while the line warms up. */
  values: readonly (readonly number[])[];
  /** Bumps on every whole (re)post: give every point to setData. */
  version: number;
  /** Between bumps: the first point the latest live update changed (update() it and those after). */
  changedFrom: number;
}

export const EMPTY_INDICATOR: IndicatorView = {
  status: 'pending',
  lines: [],
  time: [],
  up: [],
  values: [],
  version: 0,
  changedFrom: 0,
};

export const EMPTY_CANDLES: CandlesView = {
  status: 'pending',
  bars: [],
  updates: [],
  version: 0,
  error: null,
};

export const tickerAtomFamily = atomFamily((_symbol: string) => atom<TickerView | null>(null));
/** Key `${market}:${sortKey}:${dir}`. */
export const sortedAtomFamily = atomFamily((_key: string) => atom<readonly string[] | null>(null));
export const bookAtomFamily = atomFamily((_symbol: string) => atom<BookView | null>(null));
/** Newest first. */
export const tradesAtomFamily = atomFamily((_symbol: string) => atom<readonly Trade[] | null>(null));
/** Key `${symbol}:${interval}`. */
export const candlesAtomFamily = atomFamily((_key: string) => atom<CandlesView>(EMPTY_CANDLES));

/** Key `${symbol}:${interval}:${indicator}` (e.g. 'OGDC:15m:SMA'). */
export const indicatorAtomFamily = atomFamily((_key: string) => atom<IndicatorView>(EMPTY_INDICATOR));

export const feedStatusAtom = atom<FeedStatus>({ state: 'offline', lastUpdate: null, since: Date.now() });
