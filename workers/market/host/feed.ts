// What a feed module is to the host (host/feed-host.ts): started once with the shared pieces (clock, fetch,
// socket factory, visibility, the post to the app), told when a new listener needs everything again, and
// handed the interest keys it claims. Each feed also implements its own slice of the API (protocol/*-api.ts).
import type { BehaviorSubject } from 'rxjs';
import type {
  BatchListener,
  InterestKey,
  WorkerBatch,
  WorkerInitOptions,
} from '../../protocol/worker-api.ts';
import type { CellFont } from '../../protocol/market-api.ts';
import type { FetchLike } from '../sources/rest.ts';
import type { SocketFactory } from '../sources/socket.ts';
import type { PortfolioStore } from '../offline/saved-portfolio.ts';

export interface FeedDeps {
  socketFactory: SocketFactory;
  fetch: FetchLike;
  now: () => number;
  /** How a batch reaches the listener (the worker entry adds comlink.transfer). */
  deliver?: (listener: BatchListener, batch: WorkerBatch) => void;
  /** Loads web fonts painted cells use into the worker (resolves when they can draw). */
  loadFonts?: (fonts: CellFont[]) => Promise<unknown>;
  /** The worker's requestAnimationFrame (bench tick-to-paint of painted cells). */
  frame?: (cb: () => void) => void;
  /** Epoch ms with sub-ms precision (bench samples); default now(). */
  preciseNow?: () => number;
  /** Where the account's last known portfolio is kept for an offline start (none: nothing is kept). */
  portfolioStore?: PortfolioStore;
}

/** The shared pieces the host lends every feed. */
export interface FeedContext {
  readonly deps: FeedDeps;
  /** The options as the app gave them (each feed applies its own defaults). */
  readonly opts: WorkerInitOptions;
  /** The page is hidden: feeds pause what only the screen needs. */
  readonly hidden$: BehaviorSubject<boolean>;
  /**
   * The device has a network (navigator.onLine, from the page's and the worker's online/offline events).
   * false is trusted (nothing can get through: stop retrying, say offline at once); true only means "try".
   */
  readonly online$: BehaviorSubject<boolean>;
  /** Posts a batch to the app's listener (dropped while there is none, or when empty). */
  post(batch: WorkerBatch): void;
  /** Whether a listener is attached (flushes skip their work without one). */
  listening(): boolean;
}

export interface Feed {
  /** Called once by the host's init. */
  start(ctx: FeedContext): void;
  /** Options that can change after start (the language of REST answers). */
  setLang?(lang: string): void;
  /** A new listener knows nothing: everything shown is sent again. */
  resend(): void;
  /** After the host's hidden$ changed (hidden: true). */
  setHidden?(hidden: boolean): void;
  /** After the host's online$ changed: offline → stop retrying; online → retry at once. */
  setOnline?(online: boolean): void;
  /** The interest keys this feed serves (exactly one feed claims a key). */
  claims(key: InterestKey): boolean;
  /** Interest in `key` went 0 → 1, and 1 → 0. */
  activate(key: InterestKey): void;
  deactivate(key: InterestKey): void;
  dispose(): void;
}
