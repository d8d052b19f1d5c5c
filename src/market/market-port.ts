// The two things the market layer talks to, in a module of their own so that the bridge, the batch applier,
// the painted cells and the positions code can all name them without importing one another (they used to
// come from bridge.ts and apply-batch.ts, which tied six files into one import cycle).
import type { Interval } from '../../workers/protocol/market.ts';
import type { AccountSession, WatchlistSnapshot } from '../../workers/protocol/account-api.ts';
import type { ContractPositionInput } from '../../workers/protocol/contracts-api.ts';
import type { CellFont } from '../../workers/protocol/market-api.ts';
import type { BatchListener, InterestKey, WorkerInitOptions } from '../../workers/protocol/worker-api.ts';
import type { FeedStatus } from '../../workers/protocol/feed-status.ts';
import type { QuoteCellLayout, QuoteCellTheme } from '../../workers/protocol/quote-cell.ts';
import type { appStore } from '../shared/state/jotai.ts';

/** The store market data is written into (the app's one store; tests pass their own). */
export type MarketStore = typeof appStore;

/** What the bridge needs of the worker (comlink's Remote<WorkerApi> fits; tests pass a fake). */
export interface MarketPort {
  init(opts: WorkerInitOptions): unknown;
  onBatch(listener: BatchListener): unknown;
  subscribe(keys: InterestKey[]): unknown;
  unsubscribe(keys: InterestKey[]): unknown;
  setHidden(hidden: boolean): unknown;
  /** The device's network changed (optional so chart-only fakes fit). */
  setOnline?(online: boolean): unknown;
  status(): Promise<FeedStatus> | FeedStatus;
  loadOlderCandles(symbol: string, interval: Interval, bars?: number): Promise<number> | number;
  /** The signed-in account (src/market/account.ts); optional so chart-only fakes fit. */
  setAccount?(session: AccountSession | null): unknown;
  /** The account's watchlist, kept on the device for an offline start (src/market/watchlist-offline.ts). */
  setWatchlist?(accountKey: string, watchlist: WatchlistSnapshot): unknown;
  /** The open perpetual positions to value live (src/market/contracts.ts); optional so fakes fit. */
  setContractPositions?(accountKey: string, positions: ContractPositionInput[]): unknown;
  /** Painted row cells (src/market/cells.ts); optional: without them rows show their figures as DOM text. */
  attachCell?(id: number, canvas: OffscreenCanvas, symbol: string, layout: QuoteCellLayout): unknown;
  relayoutCell?(id: number, layout: QuoteCellLayout): unknown;
  retargetCell?(id: number, symbol: string): unknown;
  detachCell?(id: number): unknown;
  setCellTheme?(theme: QuoteCellTheme, fonts: CellFont[]): unknown;
  /** Bench only: tick-to-paint samples of painted cells. */
  takePaintSamples?(): Promise<number[]> | number[];
}
