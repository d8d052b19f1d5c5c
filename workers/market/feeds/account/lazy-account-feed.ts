// The account feed, loaded when first needed: a guest (most first visits) never signs in, so the feed, its
// connection, live positions and P&L (about a fifth of the worker) stay out of the worker's first download.
// This stand-in is what the host holds from the start: it claims the account's keys at once, keeps what it
// is told until the feed arrives (the context, the language, the session, the rows in view) and then hands
// it all over in order; from then on every call goes straight through.
import type { AccountFeedApi, AccountSession, WatchlistSnapshot } from '../../../protocol/account-api.ts';
import type { InterestKey } from '../../../protocol/worker-api.ts';
import type { Feed, FeedContext } from '../../host/feed.ts';
import type { PriceBoard } from '../market/price-board.ts';
import type { AccountFeed } from './account-feed.ts';
import { isAccountKey } from './account-keys.ts';

export type AccountFeedModule = { AccountFeed: typeof AccountFeed };
/** Where the feed's module comes from: a dynamic import in the worker, or the module itself (tests). */
export type AccountFeedSource = AccountFeedModule | (() => Promise<AccountFeedModule>);

export const loadAccountFeed = (): Promise<AccountFeedModule> => import('./account-feed.ts');

export class LazyAccountFeed implements Feed, AccountFeedApi {
  /** The feed once loaded (tests read its positions). */
  loaded: AccountFeed | null = null;
  private loading: Promise<void> | null = null;
  private ctx: FeedContext | null = null;
  private lang: string | null = null;
  private session: AccountSession | null = null;
  private readonly active = new Set<InterestKey>();
  /** The last watchlist the app gave before the feed arrived (kept for the device's saved portfolio). */
  private watchlist: [string, WatchlistSnapshot] | null = null;
  private disposed = false;

  private readonly load: () => Promise<AccountFeedModule>;

  constructor(
    private readonly prices: PriceBoard,
    source: AccountFeedSource = loadAccountFeed,
  ) {
    if (typeof source === 'function') this.load = source;
    else {
      // The module at hand: the feed is made at once.
      this.loaded = new source.AccountFeed(prices);
      this.load = () => Promise.resolve(source);
    }
  }

  start(ctx: FeedContext): void {
    this.ctx = ctx;
    this.loaded?.start(ctx);
  }

  setLang(lang: string): void {
    this.lang = lang;
    this.loaded?.setLang(lang);
  }

  setAccount(session: AccountSession | null): void {
    this.session = session;
    if (this.loaded) this.loaded.setAccount(session);
    else if (session) this.ensure();
  }

  setWatchlist(accountKey: string, watchlist: WatchlistSnapshot): void {
    if (this.loaded) this.loaded.setWatchlist(accountKey, watchlist);
    else this.watchlist = [accountKey, watchlist];
  }

  // The page's visibility and the network: the feed reads both from the context when it arrives.
  setHidden(hidden: boolean): void {
    this.loaded?.setHidden(hidden);
  }

  setOnline(online: boolean): void {
    this.loaded?.setOnline(online);
  }

  resend(): void {
    this.loaded?.resend();
  }

  claims(key: InterestKey): boolean {
    return isAccountKey(key);
  }

  activate(key: InterestKey): void {
    if (this.loaded) return this.loaded.activate(key);
    this.active.add(key);
    this.ensure();
  }

  deactivate(key: InterestKey): void {
    if (this.loaded) this.loaded.deactivate(key);
    else this.active.delete(key);
  }

  dispose(): void {
    this.disposed = true;
    this.loaded?.dispose();
  }

  private ensure(): void {
    this.loading ??= this.load().then(
      (mod) => {
        if (this.disposed) return;
        const feed = new mod.AccountFeed(this.prices);
        this.loaded = feed;
        if (this.ctx) feed.start(this.ctx);
        if (this.lang) feed.setLang(this.lang);
        for (const key of this.active) feed.activate(key);
        this.active.clear();
        feed.setAccount(this.session);
        if (this.watchlist) feed.setWatchlist(...this.watchlist);
        this.watchlist = null;
        feed.resend();
      },
      () => {
        // Not loaded (offline before the worker's chunk was kept): the next sign-in or row asks again.
        this.loading = null;
      },
    );
  }
}
