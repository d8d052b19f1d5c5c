// The account feed: the signed-in account's open orders, balances and positions for the whole session, from
// its private channel (account-connection.ts: socket, seq checks, REST fallback). Positions are valued live at
// the market feed's prices (positions/positions-feed.ts, P&L in calc/), balances add that live market value
// (calc/assets.ts), and only what changed is posted: the app's atoms never parse an account message. The last
// known portfolio is kept on the device and put back on an offline start (account-offline.ts).
import { Subscription } from 'rxjs';
import type {
  AccountFeedApi,
  AccountFeedState,
  AccountSession,
  AccountUpdate,
  AssetsView,
  WatchlistSnapshot,
} from '../../../protocol/account-api.ts';
import { WS_PATH } from '../../../protocol/market.ts';
import {
  ACCOUNT_WS_PATH,
  type AccountDelta,
  type AccountSnap,
  type Assets,
  type StockOrder,
} from '../../../protocol/trade.ts';
import type { InterestKey, WorkerBatch } from '../../../protocol/worker-api.ts';
import { calcAssetsView, sameAssetsView } from '../../calc/assets.ts';
import type { Feed, FeedContext } from '../../host/feed.ts';
import { flushClock } from '../../streams/feed-streams.ts';
import type { PriceBoard } from '../market/price-board.ts';
import { applyOrder, positionChanges } from './account-book.ts';
import { AccountConnection } from './account-connection.ts';
import { AccountOffline } from './account-offline.ts';
import { isAccountKey, POSITION } from './account-keys.ts';
import type { AccountPoll } from './account-rest.ts';
import { PositionsFeed } from './positions/positions-feed.ts';

const DEFAULTS = {
  /** Fills and cancels are pushed while the socket is up; a poll every few seconds is the fallback's pace. */
  accountPollMs: 5000,
  accountFallbackMs: 1500,
  /**
   * Live P&L flushes five times a second: a portfolio's figures (and its totals, which move on almost every
   * tick of a large one) are read, not watched tick by tick, and the positions bench showed the 10×/s
   * re-render as the main thread's second cost after scrolling itself.
   */
  positionsFlushMs: 200,
  /** Rows that scrolled into view, and order changes, go out at the ticker rows' pace (tickerFlushMs). */
  tickerFlushMs: 50,
  /** The server's heartbeat is every 10 s: ping in between, and call the link dead after two silent beats. */
  pingMs: 10_000,
  livenessMs: 25_000,
  /** The server could not read the account (err busy): ask for the snapshot again after this. */
  accountBusyRetryMs: 2000,
};

/** The account socket's URL: ACCOUNT_WS_PATH beside the market socket (same host, scheme and overrides). */
export function accountUrlFor(marketWsUrl: string | null): string | null {
  if (!marketWsUrl) return null;
  const url = new URL(marketWsUrl);
  url.pathname = url.pathname.endsWith(WS_PATH)
    ? url.pathname.slice(0, -WS_PATH.length) + ACCOUNT_WS_PATH
    : ACCOUNT_WS_PATH;
  return url.href;
}

export class AccountFeed implements Feed, AccountFeedApi {
  /** The account's positions, valued at the market feed's prices (issue 4 §5). */
  readonly positions: PositionsFeed;
  private ctx: FeedContext | null = null;
  private cfg = DEFAULTS;
  private lang = 'ur-PK';
  private readonly subs = new Subscription();
  private session: AccountSession | null = null;
  private conn: AccountConnection | null = null;
  private orders: StockOrder[] | null = null;
  private assets: Assets | null = null;
  private state: AccountFeedState = 'offline';
  private ordersDirty = false;
  /** spot order changes told by the socket (AccountDelta.spotOrder), and whether the app has not heard yet */
  private spotSeq = 0;
  private spotDirty = false;
  /** the same for contract positions the leader changed (AccountDelta.perp: liquidation, TP/SL, funding) */
  private perpSeq = 0;
  private perpDirty = false;
  private stateDirty = false;
  private sentAssets: AssetsView | null = null;
  private offline: AccountOffline | null = null;

  constructor(private readonly prices: PriceBoard) {
    this.positions = new PositionsFeed((s) => prices.price(s));
    prices.onTickers((t) => {
      this.positions.noteTickers(t);
      this.offline?.pricesMoved(t, (s) => this.positions.holds(s));
    });
  }

  start(ctx: FeedContext): void {
    this.ctx = ctx;
    this.offline = new AccountOffline(ctx.deps.portfolioStore, ctx.deps.now, this.prices, () =>
      this.heldParts(),
    );
    this.cfg = { ...DEFAULTS, ...definedOnly(ctx.opts) };
    if (ctx.opts.lang) this.lang = ctx.opts.lang;
    this.subs.add(flushClock(ctx.hidden$, this.cfg.positionsFlushMs).subscribe(() => this.flush(false)));
    this.subs.add(flushClock(ctx.hidden$, this.cfg.tickerFlushMs).subscribe(() => this.flush(true)));
    if (this.session) this.begin(this.session);
  }

  setLang(lang: string): void {
    this.lang = lang;
    if (this.conn) this.conn.lang = lang;
  }

  dispose(): void {
    this.offline?.hidden();
    this.subs.unsubscribe();
    this.conn?.close();
  }

  setHidden(hidden: boolean): void {
    if (hidden) this.offline?.hidden();
  }

  setOnline(online: boolean): void {
    this.conn?.setOnline(online);
  }

  setWatchlist(accountKey: string, watchlist: WatchlistSnapshot): void {
    this.offline?.setWatchlist(accountKey, watchlist);
  }

  setAccount(session: AccountSession | null): void {
    const cur = this.session;
    if (cur && session && cur.token === session.token && cur.accountKey === session.accountKey) return;
    // Nothing of the previous account may survive, nor arrive late: its connection closes first.
    this.conn?.close();
    this.conn = null;
    this.session = session;
    this.positions.clear();
    this.orders = null;
    this.assets = null;
    this.sentAssets = null;
    this.ordersDirty = false;
    this.setState('offline');
    if (!this.ctx) return;
    if (session) this.begin(session);
    else void this.offline?.switchTo(null);
  }

  /** The account's saved portfolio (if any, and nothing live came first) goes up while its channel opens. */
  private begin(session: AccountSession): void {
    void this.offline?.switchTo(session.accountKey).then((saved) => {
      if (!saved || this.session !== session) return;
      this.prices.restore(this.offline!.restoring(saved), saved.asOf);
      this.setOrders(saved.orders);
      this.assets = saved.assets;
      this.positions.set(session.accountKey, saved.positions);
      // Everything at once (positions, totals, balances), not the balances a slow flush later.
      this.flush(false);
    });
    this.connect(session);
  }

  private heldParts() {
    const key = this.session?.accountKey;
    if (key === undefined || this.positions.accountKey !== key) return null;
    return {
      accountKey: key,
      assets: this.assets,
      orders: this.orders ?? [],
      positions: this.positions.held(),
    };
  }

  resend(): void {
    this.positions.resend();
    this.offline?.resend();
    this.sentAssets = null;
    this.ordersDirty = this.orders !== null;
    this.stateDirty = this.session !== null;
  }

  claims(key: InterestKey): boolean {
    return isAccountKey(key);
  }

  activate(key: InterestKey): void {
    this.positions.show(key.slice(POSITION.length));
  }

  deactivate(key: InterestKey): void {
    this.positions.hide(key.slice(POSITION.length));
  }

  private connect(session: AccountSession): void {
    const ctx = this.ctx!;
    const cfg = this.cfg;
    const url = ctx.opts.accountWsUrl === undefined ? accountUrlFor(ctx.opts.wsUrl) : ctx.opts.accountWsUrl;
    this.conn = new AccountConnection(
      ctx,
      {
        url,
        apiBase: ctx.opts.apiBase,
        lang: this.lang,
        pollMs: cfg.accountPollMs,
        fallbackMs: cfg.accountFallbackMs,
        pingMs: cfg.pingMs,
        livenessMs: cfg.livenessMs,
        busyRetryMs: cfg.accountBusyRetryMs,
      },
      session,
      {
        snapshot: (s) => this.applySnap(s),
        delta: (d) => this.applyDelta(d),
        polled: (p) => this.applyPoll(p),
        sources: (up, pollOk) => this.setState(up ? 'live' : pollOk ? 'polling' : 'offline'),
        ended: () => {
          this.conn = null;
          this.offline?.ended();
          this.setState('ended');
        },
      },
    );
  }

  private applySnap(s: AccountSnap): void {
    this.setOrders(s.orders);
    this.assets = s.assets;
    this.positions.set(this.session!.accountKey, s.positions);
    this.offline?.delivered();
  }

  private applyDelta(d: AccountDelta): void {
    const key = this.session!.accountKey;
    if (d.order && this.orders) this.setOrders(applyOrder(this.orders, d.order));
    if (d.spotOrder) {
      this.spotSeq += 1;
      this.spotDirty = true;
    }
    if (d.perp) {
      this.perpSeq += 1;
      this.perpDirty = true;
    }
    const { upsert, remove } = positionChanges(d);
    if (upsert.length) this.positions.upsert(key, upsert);
    if (remove) this.positions.remove(key, remove);
    if (d.assets) this.assets = d.assets;
    this.offline?.delivered();
  }

  /** A polling round stands for a snapshot of what it could read. */
  private applyPoll(p: AccountPoll): void {
    if (p.orders) this.setOrders(p.orders);
    if (p.assets) this.assets = p.assets;
    if (p.positions) this.positions.set(this.session!.accountKey, p.positions);
    if (p.ok > 0) this.offline?.delivered();
  }

  private setOrders(orders: StockOrder[]): void {
    this.orders = orders;
    this.ordersDirty = true;
  }

  private setState(state: AccountFeedState): void {
    if (state === this.state) return;
    this.state = state;
    this.stateDirty = this.session !== null;
    this.offline?.sources(state);
  }

  /**
   * Posts what changed. The urgent pass (every tickerFlushMs) carries only what the user waits for: rows that
   * came into view, a changed positions list, order changes, the feed's state; P&L and balances go on the
   * positions clock.
   */
  private flush(urgentOnly: boolean): void {
    const ctx = this.ctx;
    if (!ctx?.listening()) return;
    const batch: WorkerBatch = {};
    if (!urgentOnly || this.positions.urgent()) {
      const positions = this.positions.drain();
      if (positions) {
        batch.positions = positions;
        // A held symbol's trading day rolled over: today's shares and T+1 locks are stale on the server's side.
        if (positions.reread) this.conn?.refresh();
      }
    }
    const key = this.session?.accountKey;
    if (key === undefined) return ctx.post(batch);
    const update: AccountUpdate = { accountKey: key };
    this.offline?.tick(this.state);
    this.offline?.fill(update);
    if (this.stateDirty) {
      update.state = this.state;
      if (this.state === 'ended' && this.session) update.endedToken = this.session.token;
    }
    if (this.ordersDirty && this.orders) update.orders = this.orders;
    if (this.spotDirty) update.spotSeq = this.spotSeq;
    this.spotDirty = false;
    if (this.perpDirty) update.perpSeq = this.perpSeq;
    this.perpDirty = false;
    if (!urgentOnly && this.assets && this.positions.accountKey === key) {
      const view = calcAssetsView(this.assets, this.positions.pnlBook);
      if (!sameAssetsView(this.sentAssets, view)) update.assets = this.sentAssets = view;
    }
    this.stateDirty = false;
    this.ordersDirty = false;
    if (Object.keys(update).length > 1) batch.account = update;
    ctx.post(batch);
  }
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
