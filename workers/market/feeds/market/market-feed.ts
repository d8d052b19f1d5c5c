// The market feed (tickers, books, tapes, candles, indicators, sorted order, painted cells): owns the market
// state, its socket and REST client, and connects the streams (streams/feed-streams.ts) to the state (state/)
// and the host's post. Its prices are the PriceBoard other feeds value positions at. No math here.
import {
  BehaviorSubject,
  combineLatest,
  distinctUntilChanged,
  map,
  ReplaySubject,
  share,
  Subject,
  Subscription,
  timer,
} from 'rxjs';
import type { Interval, ServerMessage, Ticker } from '../../../protocol/market.ts';
import { parseChannel, tickersChannel, MARKETS } from '../../../protocol/market.ts';
import type {
  CellFont,
  MarketFeedApi,
  MarketFeedBatch,
  MarketInterestKey,
} from '../../../protocol/market-api.ts';
import type { InterestKey } from '../../../protocol/worker-api.ts';
import type { FeedSource, FeedStatus } from '../../../protocol/feed-status.ts';
import { createTickerPacker, resetTickerPacker } from '../../../protocol/ticker-batch.ts';
import type { CellSurface, QuoteCellLayout, QuoteCellTheme } from '../../../protocol/quote-cell.ts';
import { drainFlush } from '../../calc/coalesce.ts';
import { CellPainter } from '../../paint/cell-painter.ts';
import { PaintSamples } from '../../paint/paint-samples.ts';
import { prependCandles } from '../../calc/candles.ts';
import { pollOnce, type PollResult } from '../../sources/poll.ts';
import { MarketRest } from '../../sources/rest.ts';
import type { FeedSocket, SocketEvent } from '../../sources/socket.ts';
import {
  drainBooks,
  drainCandles,
  drainIndicators,
  drainSorted,
  drainTickers,
  drainTrades,
} from '../../state/batch.ts';
import { resendIndicators } from '../../state/candle-indicators.ts';
import { MarketState } from '../../state/market-state.ts';
import { acceptSnap, createChannelSeqs, judgeDelta } from '../../state/seq.ts';
import { applyMessage, channelOf } from '../../state/messages.ts';
import {
  flushClock,
  liveness,
  pollingStream,
  serverMessages,
  silence,
  socketUp,
} from '../../streams/feed-streams.ts';
import type { Feed, FeedContext, FeedDeps } from '../../host/feed.ts';
import { StatusTracker } from '../../host/feed-status.ts';
import { isMarketKey, parseKey } from './market-keys.ts';
import type { MarketTickers, PriceBoard } from './price-board.ts';

const DEFAULTS = {
  pollMs: 1000,
  fallbackMs: 1000,
  /**
   * Tickers flush every third frame (~50 ms, 20 row updates a second at most). A frame-by-frame flush made the
   * page produce a new frame on every vsync (commit, layout, paint: most of the main thread's time in the
   * stream bench); three frames is still under any reading speed and keeps tick-to-paint well under 100 ms.
   */
  tickerFlushMs: 50,
  bookFlushMs: 100,
  sortMs: 500,
  pingMs: 5000,
  livenessMs: 15_000,
  /** A silent socket is pinged after this long, and read as not delivering (polling takes over) after quietMs. */
  probeMs: 1000,
  quietMs: 2500,
  resyncTimeoutMs: 1500,
};
const ALWAYS: readonly string[] = MARKETS.map(tickersChannel);

export class MarketFeed implements Feed, MarketFeedApi {
  private readonly state: MarketState;
  private readonly packer = createTickerPacker();
  private readonly seqs = createChannelSeqs();
  private hidden$ = new BehaviorSubject(false);
  private readonly resyncing$ = new BehaviorSubject(false);
  private readonly subs = new Subscription();
  private awaiting = new Set<string>();
  private ctx: FeedContext | null = null;
  private socket: FeedSocket | null = null;
  private rest: MarketRest | null = null;
  private up = false;
  /** The open socket has been silent past quietMs (streams/feed-streams.ts silence): read as not delivering. */
  private readonly quiet$ = new BehaviorSubject(false);
  private pollOk = false;
  /** The device has a network (the host's online$). */
  private online = true;
  /** A polling round failed since the socket was lost (offline is settled, not "still connecting"). */
  private pollFailed = false;
  /** What delivered the figures of state.lastUpdate. */
  private source: FeedSource | null = null;
  private readonly statusTracker: StatusTracker;
  private cfg = DEFAULTS;
  /** Row cells the worker draws itself (attachCell). */
  private readonly painter: CellPainter;
  private paintSamples: PaintSamples | null = null;
  private readonly tickerListeners: ((tickers: readonly Ticker[]) => void)[] = [];
  private readonly markListeners: ((symbol: string) => void)[] = [];
  /** The keys the app has shown interest in (the host reference-counts them). */
  private readonly active = new Set<MarketInterestKey>();
  /** The prices this feed keeps, for other feeds (the account's positions are valued at them). */
  readonly prices: PriceBoard = {
    price: (symbol) => this.state.tickers.get(symbol)?.p,
    mark: (symbol) => this.state.marks.get(symbol)?.m,
    onMark: (listener) => void this.markListeners.push(listener),
    onTickers: (listener) => void this.tickerListeners.push(listener),
    ticker: (symbol) => this.state.tickers.get(symbol),
    marketOf: (symbol) => this.state.market(symbol),
    freshAt: () => (this.source === 'saved' ? null : this.state.lastUpdate),
    restore: (tickers, asOf) => this.restoreTickers(tickers, asOf),
  };

  constructor(private readonly deps: FeedDeps) {
    this.state = new MarketState(deps.now);
    this.statusTracker = new StatusTracker(deps.now);
    this.painter = new CellPainter(deps.now, (t) => this.paintSamples?.mark(t));
  }

  start(ctx: FeedContext): void {
    this.ctx = ctx;
    const opts = ctx.opts;
    this.hidden$ = ctx.hidden$;
    this.online = ctx.online$.value;
    const cfg = (this.cfg = { ...DEFAULTS, ...stripUndefined(opts) });
    if (opts.benchPaint && this.deps.frame)
      this.paintSamples = new PaintSamples(this.deps.frame, this.deps.preciseNow ?? this.deps.now);
    this.rest = new MarketRest(opts.apiBase, this.deps.fetch, opts.lang);
    const events$ = new Subject<SocketEvent>();
    if (opts.wsUrl) this.socket = this.deps.socketFactory(opts.wsUrl, (e) => events$.next(e));
    // Replayed: every consumer (status, polling, liveness) must see the current up/down, not only changes.
    const up$ = socketUp(events$).pipe(
      share({ connector: () => new ReplaySubject<boolean>(1), resetOnRefCountZero: false }),
    );
    const messages$ = serverMessages(events$).pipe(share());
    const paused$ = new BehaviorSubject(false);
    const syncPaused = () => paused$.next(this.hidden$.value || this.resyncing$.value);

    this.subs.add(this.hidden$.subscribe(syncPaused));
    this.subs.add(this.resyncing$.subscribe(syncPaused));
    this.subs.add(up$.subscribe((u) => this.onSocket(u)));
    this.subs.add(events$.subscribe((e) => e.type !== 'message' && this.onOpenClose(e.type === 'open')));
    this.subs.add(messages$.subscribe((m) => this.onMessage(m)));
    // Delivering: up and not gone quiet. Polling runs whenever the socket does not deliver.
    const delivering$ = combineLatest([up$, this.quiet$]).pipe(
      map(([up, quiet]) => up && !quiet),
      distinctUntilChanged(),
    );
    this.subs.add(
      pollingStream<PollResult>({
        socketUp$: delivering$,
        hidden$: this.hidden$,
        online$: ctx.online$,
        fallbackMs: cfg.fallbackMs,
        pollMs: cfg.pollMs,
        poll: (signal) => pollOnce(this.rest!, this.pollPlan(), signal),
        failed: (r) => r.ok === 0,
      }).subscribe((r) => this.onPoll(r)),
    );
    this.subs.add(
      liveness({
        socketUp$: up$,
        messages$,
        pingMs: cfg.pingMs,
        livenessMs: cfg.livenessMs,
        now: this.deps.now,
      }).subscribe((e) => {
        if (e === 'ping') this.socket?.send({ op: 'ping', t: this.deps.now() });
        else this.socket?.reconnect();
      }),
    );
    this.subs.add(
      silence({
        socketUp$: up$,
        messages$,
        paused$,
        probeMs: cfg.probeMs,
        quietMs: cfg.quietMs,
        now: this.deps.now,
      }).subscribe((e) => {
        if (e === 'probe') this.socket?.send({ op: 'ping', t: this.deps.now() });
        else this.onQuiet(e === 'quiet');
      }),
    );
    this.subs.add(flushClock(paused$, cfg.tickerFlushMs).subscribe(() => this.flushTickers()));
    this.subs.add(flushClock(paused$, cfg.bookFlushMs).subscribe(() => this.flushSlow()));
    this.subs.add(flushClock(paused$, cfg.sortMs).subscribe(() => this.flushSorted()));
  }

  setLang(lang: string): void {
    if (this.rest) this.rest.lang = lang;
  }

  dispose(): void {
    this.subs.unsubscribe();
    this.socket?.close();
  }

  resend(): void {
    // A new listener knows nothing yet: everything it shows is sent again.
    resetTickerPacker(this.packer);
    for (const s of this.state.visible.keys()) this.state.queueTicker(s);
    for (const b of this.state.books.values()) if (b.state.ts) b.sent = null;
    for (const t of this.state.trades.values()) t.reset = true;
    for (const c of this.state.candles.values()) {
      if (!c.series) continue;
      c.reset = true;
      resendIndicators(c.chart);
    }
    for (const s of this.state.sorts.values()) s.sent = undefined;
    this.painter.resendLabels();
    this.statusTracker.resend();
  }

  attachCell(id: number, canvas: CellSurface, symbol: string, layout: QuoteCellLayout): void {
    this.detachCell(id);
    this.painter.attach(id, canvas, symbol, layout, this.state.tickers.get(symbol));
    this.state.setPainted(symbol, true);
  }

  relayoutCell(id: number, layout: QuoteCellLayout): void {
    this.painter.relayout(id, layout);
  }

  retargetCell(id: number, symbol: string): void {
    const released = this.painter.retarget(id, symbol, this.state.tickers.get(symbol));
    if (released === undefined && !this.painter.shows(id, symbol)) return;
    this.state.setPainted(symbol, true);
    if (released) this.state.setPainted(released, false);
  }

  detachCell(id: number): void {
    const released = this.painter.detach(id);
    if (released) this.state.setPainted(released, false);
  }

  setCellTheme(theme: QuoteCellTheme, fonts: CellFont[]): void {
    this.painter.setTheme(theme);
    if (fonts.length && this.deps.loadFonts)
      void this.deps.loadFonts(fonts).then(
        () => this.painter.repaintAll(),
        () => {}, // a font that does not load leaves the fallback font drawn: nothing to do
      );
  }

  takePaintSamples(): number[] {
    return this.paintSamples?.take() ?? [];
  }

  claims(key: InterestKey): key is MarketInterestKey {
    return isMarketKey(key);
  }

  /** The host has already moved hidden$ (so polling and the flush clocks follow it). */
  setHidden(hidden: boolean): void {
    if (hidden) {
      this.resyncing$.next(false);
      // Release the socket's channels: nothing is shown, and the resync brings fresh snaps anyway.
      if (this.socket?.isOpen) this.socket.send({ op: 'unsub', ch: this.channels() });
      this.seqs.clear();
      return;
    }
    this.resyncing$.next(true);
    if (this.socket?.isOpen) this.subscribeAll();
    // Never stay paused on a resync that cannot complete (offline, a lost snap).
    this.subs.add(timer(this.cfg.resyncTimeoutMs).subscribe(() => this.resyncing$.next(false)));
  }

  /**
   * No network: the open link is dead whatever it looks like (the device says so), and nothing is worth
   * retrying until it returns; offline is reported at the next flush. Back online: dial at once.
   */
  setOnline(online: boolean): void {
    this.online = online;
    if (!online) this.pollOk = false;
    // Back online, a link that is delivering again by then is kept.
    if (online ? !this.up : this.socket?.isOpen) this.socket?.reconnect();
    this.refreshStatus();
  }

  status(): FeedStatus {
    return { ...this.refreshStatus() };
  }

  async loadOlderCandles(symbol: string, interval: Interval, bars = 500): Promise<number> {
    const e = this.state.candles.get(`${symbol}:${interval}`);
    const first = e?.series?.bars[0];
    if (!e?.series || !first || !this.rest) return 0;
    const before = e.series.bars.length;
    const older = await this.rest.candles(this.state.market(symbol), symbol, interval, {
      limit: bars,
      to: first.t - 1,
    });
    if (this.state.candles.get(`${symbol}:${interval}`) !== e || !e.series) return 0;
    this.state.noteChange(e, prependCandles(e.series, older));
    return e.series.bars.length - before;
  }

  // ---- sources ----

  /** A fresh connection knows no channel: ask for everything (snaps first) unless the page is hidden. */
  private onOpenClose(open: boolean): void {
    this.seqs.clear();
    if (open && !this.hidden$.value) this.subscribeAll();
  }

  private onSocket(up: boolean): void {
    this.up = up;
    if (up) {
      this.pollOk = false;
      this.pollFailed = false;
    }
    this.refreshStatus();
  }

  private onQuiet(quiet: boolean): void {
    this.quiet$.next(quiet);
    // Heard again: as when the socket comes up, polling's results stop counting.
    if (!quiet && this.up) {
      this.pollOk = false;
      this.pollFailed = false;
    }
    this.refreshStatus();
  }

  private onMessage(msg: ServerMessage): void {
    if (msg.op === 'err' && msg.ch) {
      // An unknown or refused channel never sends its snap: a resync must not wait for it.
      if (this.awaiting.delete(msg.ch) && !this.awaiting.size) this.resyncing$.next(false);
      return;
    }
    if (msg.op !== 'snap' && msg.op !== 'delta') return;
    const ch = parseChannel(msg.ch);
    if (!ch) return;
    if (msg.op === 'snap') {
      acceptSnap(this.seqs, msg.ch, msg.seq);
      if (this.awaiting.delete(msg.ch) && !this.awaiting.size) this.resyncing$.next(false);
    } else {
      const verdict = judgeDelta(this.seqs, msg.ch, msg.seq);
      if (verdict === 'gap') return this.resubscribe(msg.ch);
      if (verdict !== 'apply') return;
    }
    if (!applyMessage(this.state, ch, msg)) this.resubscribe(msg.ch);
    this.source = 'socket';
    if (ch.kind === 'tickers') this.noteTickers(msg.data as Ticker[]);
    else if (ch.kind === 'ticker') this.noteTickers([msg.data as Ticker]);
    else if (ch.kind === 'mark') for (const l of this.markListeners) l(ch.symbol);
  }

  private noteTickers(tickers: readonly Ticker[]): void {
    for (const l of this.tickerListeners) l(tickers);
  }

  private onPoll(r: PollResult): void {
    this.pollOk = r.ok > 0;
    this.pollFailed = !this.pollOk;
    if (this.pollOk) this.source = 'polling';
    for (const { market, tickers } of r.tickers) {
      this.state.applyTickers(market, tickers);
      this.noteTickers(tickers);
    }
    for (const b of r.books) this.state.applyBookSnap(b, -1);
    for (const t of r.trades) this.state.applyTradesSnap(t.symbol, t.trades);
    for (const c of r.candles) this.state.applyCandleBars(c.symbol, c.interval, c.bars);
    if (this.resyncing$.value) this.resyncing$.next(false);
    this.refreshStatus();
  }

  private pollPlan() {
    const s = this.state;
    return {
      marketOf: (sym: string) => s.market(sym),
      books: [...s.books.keys()],
      trades: [...s.trades.keys()],
      candles: [...s.candles.values()].map((c) => ({ symbol: c.symbol, interval: c.interval })),
    };
  }

  // ---- channels ----

  /** Everything the socket should be sending: every market's tickers plus the open chart's channels. */
  private channels(): string[] {
    const out = [...ALWAYS];
    for (const key of this.active) {
      const ch = channelOf(key);
      if (ch) out.push(ch);
    }
    return out;
  }

  private subscribeAll(): void {
    const ch = this.channels();
    if (this.resyncing$.value) this.awaiting = new Set(ch);
    this.socket?.send({ op: 'sub', ch });
  }

  /** Asks for a fresh snap: the server sends nothing new for a channel it holds, so leave it first. */
  private resubscribe(ch: string): void {
    this.seqs.delete(ch);
    if (this.hidden$.value) return;
    this.socket?.send({ op: 'unsub', ch: [ch] });
    this.socket?.send({ op: 'sub', ch: [ch] });
  }

  activate(key: InterestKey): void {
    if (!isMarketKey(key)) return;
    this.active.add(key);
    const t = parseKey(key);
    if (!t) return;
    if (t.kind === 'ticker') this.state.show(t.symbol);
    else if (t.kind === 'indicator') this.state.addIndicator(t.symbol, t.interval, t.name);
    else if (t.kind === 'sort') {
      this.state.sorts.set(key, { market: t.market, key: t.key, dir: t.dir, sent: undefined });
    } else {
      if (t.kind === 'book') this.state.openBook(t.symbol);
      else if (t.kind === 'trades') this.state.openTrades(t.symbol);
      else if (t.kind === 'mark') this.state.marks.delete(t.symbol);
      else {
        this.state.openCandles(t.symbol, t.interval);
        void this.loadHistory(t.symbol, t.interval);
      }
      const ch = channelOf(key);
      if (ch) this.resubscribe(ch);
    }
  }

  deactivate(key: InterestKey): void {
    if (!isMarketKey(key)) return;
    this.active.delete(key);
    const t = parseKey(key);
    if (!t) return;
    if (t.kind === 'ticker') this.state.hide(t.symbol);
    else if (t.kind === 'indicator') this.state.removeIndicator(t.symbol, t.interval, t.name);
    else if (t.kind === 'sort') this.state.sorts.delete(key);
    else {
      if (t.kind === 'book') this.state.books.delete(t.symbol);
      else if (t.kind === 'trades') this.state.trades.delete(t.symbol);
      else if (t.kind === 'mark') this.state.marks.delete(t.symbol);
      else this.state.candles.delete(`${t.symbol}:${t.interval}`);
      const ch = channelOf(key)!;
      this.seqs.delete(ch);
      this.socket?.send({ op: 'unsub', ch: [ch] });
    }
  }

  private async loadHistory(symbol: string, interval: Interval): Promise<void> {
    const e = this.state.candles.get(`${symbol}:${interval}`);
    if (!e || !this.rest) return;
    try {
      const bars = await this.rest.candles(this.state.market(symbol), symbol, interval, {});
      if (this.state.candles.get(`${symbol}:${interval}`) === e) this.state.applyCandleHistory(e, bars);
    } catch (err) {
      if (!e.series) e.error = err instanceof Error ? err.message : String(err);
    }
  }

  // ---- flushes ----

  private refreshStatus(): FeedStatus {
    return this.statusTracker.refresh({
      up: this.up && this.online && !this.quiet$.value,
      pollOk: this.pollOk,
      lastUpdate: this.state.lastUpdate,
      source: this.source,
      settled: !this.online || this.pollFailed,
    });
  }

  /**
   * Tickers of the portfolio this device saved (offline start): applied only while no source has delivered,
   * and reported as 'saved', as of when they were saved, until one does.
   */
  private restoreTickers(saved: readonly MarketTickers[], asOf: number): void {
    if (this.state.lastUpdate !== null) return;
    for (const { market, tickers } of saved) {
      this.state.applyTickers(market, tickers);
      this.noteTickers(tickers);
    }
    this.state.lastUpdate = asOf;
    this.source = 'saved';
    this.refreshStatus();
  }

  private post(batch: MarketFeedBatch): void {
    this.ctx?.post(batch);
  }

  private flushTickers(): void {
    if (!this.ctx?.listening()) return;
    const batch: MarketFeedBatch = {};
    const tickers = drainTickers(this.state, this.packer);
    if (tickers) batch.tickers = tickers;
    // Painted cells are drawn here, in the worker: the main thread gets only their labels, once a second.
    if (this.painter.size) {
      const labels = this.painter.flush(drainFlush(this.state.paintPending));
      if (labels.length) batch.cellLabels = labels;
    }
    this.refreshStatus();
    const status = this.statusTracker.due();
    if (status) batch.status = status;
    this.post(batch);
  }

  private flushSlow(): void {
    if (!this.ctx?.listening()) return;
    const batch: MarketFeedBatch = {};
    const books = drainBooks(this.state);
    const trades = drainTrades(this.state);
    const candles = drainCandles(this.state);
    const indicators = drainIndicators(this.state);
    if (books.length) batch.books = books;
    if (trades.length) batch.trades = trades;
    if (candles.length) batch.candles = candles;
    if (indicators.length) batch.indicators = indicators;
    this.post(batch);
  }

  private flushSorted(): void {
    if (!this.ctx?.listening()) return;
    const sorted = drainSorted(this.state);
    if (sorted.length) this.post({ sorted });
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
