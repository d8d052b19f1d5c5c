// The worker's host: owns what every feed shares — the clock and the other deps, the page's visibility, the
// device's network (online / offline), the app's one listener, and the reference-counted interest keys, which
// it hands to the feed that claims them — and implements the host's part of the API (protocol/worker-api.ts
// HostApi). No feed logic here.
import { BehaviorSubject } from 'rxjs';
import type {
  BatchListener,
  HostApi,
  InterestKey,
  WorkerBatch,
  WorkerInitOptions,
} from '../../protocol/worker-api.ts';
import type { Feed, FeedContext, FeedDeps } from './feed.ts';

export class FeedHost implements HostApi {
  private readonly feeds: Feed[] = [];
  private readonly interest = new Map<InterestKey, number>();
  private readonly hidden$ = new BehaviorSubject(false);
  private readonly online$ = new BehaviorSubject(true);
  private listener: BatchListener | null = null;
  private started = false;

  constructor(readonly deps: FeedDeps) {}

  /** Adds a feed module (before init). */
  add<F extends Feed>(feed: F): F {
    this.feeds.push(feed);
    return feed;
  }

  init(opts: WorkerInitOptions): void {
    if (this.started) {
      if (opts.lang) for (const f of this.feeds) f.setLang?.(opts.lang);
      return;
    }
    this.started = true;
    if (opts.online === false) this.online$.next(false);
    const ctx: FeedContext = {
      deps: this.deps,
      opts,
      hidden$: this.hidden$,
      online$: this.online$,
      post: (batch) => this.post(batch),
      listening: () => this.listener !== null,
    };
    for (const f of this.feeds) f.start(ctx);
  }

  dispose(): void {
    for (const f of this.feeds) f.dispose();
  }

  onBatch(listener: BatchListener): void {
    this.listener = listener;
    for (const f of this.feeds) f.resend();
  }

  subscribe(keys: InterestKey[]): void {
    for (const key of keys) {
      const n = (this.interest.get(key) ?? 0) + 1;
      this.interest.set(key, n);
      if (n === 1) this.feedOf(key)?.activate(key);
    }
  }

  unsubscribe(keys: InterestKey[]): void {
    for (const key of keys) {
      const n = (this.interest.get(key) ?? 0) - 1;
      if (n > 0) {
        this.interest.set(key, n);
        continue;
      }
      if (n === 0) this.feedOf(key)?.deactivate(key);
      this.interest.delete(key);
    }
  }

  setHidden(hidden: boolean): void {
    if (hidden === this.hidden$.value) return;
    this.hidden$.next(hidden);
    for (const f of this.feeds) f.setHidden?.(hidden);
  }

  setOnline(online: boolean): void {
    if (online === this.online$.value) return;
    this.online$.next(online);
    for (const f of this.feeds) f.setOnline?.(online);
  }

  private feedOf(key: InterestKey): Feed | undefined {
    return this.feeds.find((f) => f.claims(key));
  }

  private post(batch: WorkerBatch): void {
    if (!this.listener || !Object.keys(batch).length) return;
    (this.deps.deliver ?? ((l, b) => l(b)))(this.listener, batch);
  }
}
