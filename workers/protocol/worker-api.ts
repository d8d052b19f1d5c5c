// The market worker's whole comlink API: a small host (init, the app's listener, visibility, interest) plus
// one slice per feed. A new feed (crypto spot, contracts, options) adds its own `<feed>-api.ts` and joins it
// here in the four unions below; the worker's host gets one line for its module (workers/market/worker.ts).
import type {
  AccountFeedApi,
  AccountFeedBatch,
  AccountFeedOptions,
  AccountInterestKey,
} from './account-api.ts';
import type { ContractInterestKey, ContractsFeedApi, ContractsFeedBatch } from './contracts-api.ts';
import type { MarketFeedApi, MarketFeedBatch, MarketFeedOptions, MarketInterestKey } from './market-api.ts';

// ---- The host's part ----

export interface HostInitOptions {
  /** API base ending in '/', absolute or same-origin ('/api/'); REST polling and history go here. */
  apiBase: string;
  /** Accept-Language for REST calls (server messages), e.g. 'ur-PK'. */
  lang?: string;
  /** navigator.onLine when the page started the worker (default true); setOnline follows it. */
  online?: boolean;
}

/** What the app has on screen, reference-counted by src/market: each key belongs to one feed. */
export type InterestKey = MarketInterestKey | AccountInterestKey | ContractInterestKey;

export interface HostApi {
  /** Starts every feed once; later calls only update options that can change (lang). */
  init(opts: WorkerInitOptions): void;
  /** The app's one listener (wrap with comlink.proxy). Replaces any earlier listener; every feed resends
   *  what it shows, so a new listener starts complete. */
  onBatch(listener: BatchListener): void;
  /** Interest went 0 → 1 for these keys (the app reference-counts; the worker counts too). */
  subscribe(keys: InterestKey[]): void;
  /** Interest went 1 → 0. */
  unsubscribe(keys: InterestKey[]): void;
  /** Page hidden: feeds pause flushes and polling; visible: they resync, then flush. */
  setHidden(hidden: boolean): void;
  /**
   * The page's `online` / `offline` events (the worker also hears its own): offline stops every retry and
   * reports offline at once; online retries at once (backoffs start over).
   */
  setOnline(online: boolean): void;
}

// ---- The joins: one member per feed ----

export type WorkerInitOptions = HostInitOptions & MarketFeedOptions & AccountFeedOptions;
/** One post to the app. Sections are absent when they have nothing; an empty batch is never posted. */
export type WorkerBatch = MarketFeedBatch & AccountFeedBatch & ContractsFeedBatch;
export type WorkerApi = HostApi & MarketFeedApi & AccountFeedApi & ContractsFeedApi;

export type BatchListener = (batch: WorkerBatch) => void;
