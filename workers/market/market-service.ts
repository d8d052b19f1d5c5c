// The market worker's MarketApi: owns the state, the socket and the REST client, and connects the streams
// (streams/feed-streams.ts) to the state (state/) and the app's batch listener. No math here.
import { BehaviorSubject, ReplaySubject, share, Subject, Subscription, timer } from 'rxjs';
import type { Interval, Market, ServerMessage, Ticker } from '../protocol/market.ts';
import { INTERVALS, parseChannel, tickersChannel, MARKETS } from '../protocol/market.ts';
import type {
  BatchListener,
  CellFont,
  FeedStatus,
  InterestKey,
  MarketApi,
  MarketBatch,
  MarketInitOptions,
  SortDir,
  SortKey,
} from '../protocol/market-api.ts';
import { createTickerPacker, resetTickerPacker } from '../protocol/ticker-batch.ts';
import type { CellSurface, QuoteCellLayout, QuoteCellTheme } from '../protocol/quote-cell.ts';
import { drainFlush } from './calc/coalesce.ts';
import { CellPainter } from './paint/cell-painter.ts';
import { PaintSamples } from './paint/paint-samples.ts';
import type { Position } from '../protocol/trade.ts';
import { prependCandles } from './calc/candles.ts';
import { isIndicatorName } from './calc/indicators/registry.ts';
import { pollOnce, type PollResult } from './sources/poll.ts';
import { MarketRest, type FetchLike } from './sources/rest.ts';
import type { FeedSocket, SocketEvent, SocketFactory } from './sources/socket.ts';
import {
  drainBooks,
  drainCandles,
  drainIndicators,
  drainSorted,
  drainTickers,
  drainTrades,
} from './state/batch.ts';
import { resendIndicators } from './state/candle-indicators.ts';
import { MarketState } from './state/market-state.ts';
import { acceptSnap, createChannelSeqs, judgeDelta } from './state/seq.ts';
import { applyMessage, channelOf, type KeyTarget } from './state/messages.ts';
import { flushClock, liveness, pollingStream, serverMessages, socketUp } from './streams/feed-streams.ts';
import { PositionsFeed } from './positions/positions-feed.ts';

export interface ServiceDeps {
  socketFactory: SocketFactory;
  fetch: FetchLike;
  now: () => number;
  /** How a batch reaches the listener (the worker entry adds comlink.transfer). */
  deliver?: (listener: BatchListener, batch: MarketBatch) => void;
  /** Loads web fonts painted cells use into the worker (resolves when they can draw). */
  loadFonts?: (fonts: CellFont[]) => Promise<unknown>;
  /** The worker's requestAnimationFrame (bench tick-to-paint of painted cells). */
  frame?: (cb: () => void) => void;
  /** Epoch ms with sub-ms precision (bench samples); default now(). */
  preciseNow?: () => number;
}

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
  /**
   * Live P&L flushes five times a second: a portfolio's figures (and its totals, which move on almost every
   * tick of a large one) are read, not watched tick by tick, and the positions bench showed the 10×/s
   * re-render as the main thread's second cost after scrolling itself.
   */
  positionsFlushMs: 200,
  sortMs: 500,
  pingMs: 5000,
  livenessMs: 15_000,
  resyncTimeoutMs: 1500,
};
/** Status is re-posted when only its time moved, at most this often (a badge, not a clock). */
const STATUS_TICK_MS = 1000;
const ALWAYS: readonly string[] = MARKETS.map(tickersChannel);
const POSITION_PREFIX = 'position:'.length;

export class MarketService implements MarketApi {
  private readonly state: MarketState;
  private readonly packer = createTickerPacker();
  private readonly seqs = createChannelSeqs();
  private readonly interest = new Map<InterestKey, number>();
  private readonly hidden$ = new BehaviorSubject(false);
  private readonly resyncing$ = new BehaviorSubject(false);
  private readonly subs = new Subscription();
  private awaiting = new Set<string>();
  private listener: BatchListener | null = null;
  private socket: FeedSocket | null = null;
  private rest: MarketRest | null = null;
  private up = false;
  private pollOk = false;
  private current: FeedStatus;
  private sentStatus: FeedStatus | null = null;
  private cfg = DEFAULTS;
  /** The account's positions, valued at this state's tickers (issue 4 §5). */
  readonly positions: PositionsFeed;
  /** Row cells the worker draws itself (attachCell). */
  private readonly painter: CellPainter;
  private paintSamples: PaintSamples | null = null;

  constructor(private readonly deps: ServiceDeps) {
    this.state = new MarketState(deps.now);
    this.positions = new PositionsFeed((s) => this.state.tickers.get(s)?.p);
    this.current = { state: 'offline', lastUpdate: null, since: deps.now() };
    this.painter = new CellPainter(deps.now, (t) => this.paintSamples?.mark(t));
  }

  init(opts: MarketInitOptions): void {
    if (this.rest) {
      if (opts.lang) this.rest.lang = opts.lang;
      return;
    }
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
    this.subs.add(
      pollingStream<PollResult>({
        socketUp$: up$,
        hidden$: this.hidden$,
        fallbackMs: cfg.fallbackMs,
        pollMs: cfg.pollMs,
        poll: (signal) => pollOnce(this.rest!, this.pollPlan(), signal),
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
    this.subs.add(flushClock(paused$, cfg.tickerFlushMs).subscribe(() => this.flushTickers()));
    this.subs.add(flushClock(paused$, cfg.bookFlushMs).subscribe(() => this.flushSlow()));
    this.subs.add(flushClock(paused$, cfg.positionsFlushMs).subscribe(() => this.flushPositions()));
    this.subs.add(flushClock(paused$, cfg.sortMs).subscribe(() => this.flushSorted()));
  }

  dispose(): void {
    this.subs.unsubscribe();
    this.socket?.close();
  }

  onBatch(listener: BatchListener): void {
    this.listener = listener;
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
    this.positions.resend();
    this.painter.resendLabels();
    this.sentStatus = null;
  }

  setPositions(accountKey: string, positions: Position[]): void {
    this.positions.set(accountKey, positions);
  }

  upsertPositions(accountKey: string, positions: Position[]): void {
    this.positions.upsert(accountKey, positions);
  }

  removePosition(accountKey: string, symbol: string): void {
    this.positions.remove(accountKey, symbol);
  }

  attachCell(id: number, canvas: CellSurface, symbol: string, layout: QuoteCellLayout): void {
    this.detachCell(id);
    this.painter.attach(id, canvas, symbol, layout, this.state.tickers.get(symbol));
    this.state.setPainted(symbol, true);
  }

  relayoutCell(id: number, layout: QuoteCellLayout): void {
    this.painter.relayout(id, layout);
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

  subscribe(keys: InterestKey[]): void {
    for (const key of keys) {
      const n = (this.interest.get(key) ?? 0) + 1;
      this.interest.set(key, n);
      if (n === 1) this.activate(key);
    }
  }

  unsubscribe(keys: InterestKey[]): void {
    for (const key of keys) {
      const n = (this.interest.get(key) ?? 0) - 1;
      if (n > 0) {
        this.interest.set(key, n);
        continue;
      }
      if (n === 0) this.deactivate(key);
      this.interest.delete(key);
    }
  }

  setHidden(hidden: boolean): void {
    if (hidden === this.hidden$.value) return;
    if (hidden) {
      this.resyncing$.next(false);
      this.hidden$.next(true);
      // Release the socket's channels: nothing is shown, and the resync brings fresh snaps anyway.
      if (this.socket?.isOpen) this.socket.send({ op: 'unsub', ch: this.channels() });
      this.seqs.clear();
      return;
    }
    this.resyncing$.next(true);
    this.hidden$.next(false);
    if (this.socket?.isOpen) this.subscribeAll();
    // Never stay paused on a resync that cannot complete (offline, a lost snap).
    this.subs.add(timer(this.cfg.resyncTimeoutMs).subscribe(() => this.resyncing$.next(false)));
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
    if (up) this.pollOk = false;
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
    if (ch.kind === 'tickers') this.positions.noteTickers(msg.data as Ticker[]);
    else if (ch.kind === 'ticker') this.positions.noteTickers([msg.data as Ticker]);
  }

  private onPoll(r: PollResult): void {
    this.pollOk = r.ok > 0;
    for (const { market, tickers } of r.tickers) {
      this.state.applyTickers(market, tickers);
      this.positions.noteTickers(tickers);
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
    for (const key of this.interest.keys()) {
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

  private activate(key: InterestKey): void {
    if (key.startsWith('position:')) return this.positions.show(key.slice(POSITION_PREFIX));
    const t = parseKey(key);
    if (!t) return;
    if (t.kind === 'ticker') this.state.show(t.symbol);
    else if (t.kind === 'indicator') this.state.addIndicator(t.symbol, t.interval, t.name);
    else if (t.kind === 'sort') {
      this.state.sorts.set(key, { market: t.market, key: t.key, dir: t.dir, sent: undefined });
    } else {
      if (t.kind === 'book') this.state.openBook(t.symbol);
      else if (t.kind === 'trades') this.state.openTrades(t.symbol);
      else {
        this.state.openCandles(t.symbol, t.interval);
        void this.loadHistory(t.symbol, t.interval);
      }
      const ch = channelOf(key);
      if (ch) this.resubscribe(ch);
    }
  }

  private deactivate(key: InterestKey): void {
    if (key.startsWith('position:')) return this.positions.hide(key.slice(POSITION_PREFIX));
    const t = parseKey(key);
    if (!t) return;
    if (t.kind === 'ticker') this.state.hide(t.symbol);
    else if (t.kind === 'indicator') this.state.removeIndicator(t.symbol, t.interval, t.name);
    else if (t.kind === 'sort') this.state.sorts.delete(key);
    else {
      if (t.kind === 'book') this.state.books.delete(t.symbol);
      else if (t.kind === 'trades') this.state.trades.delete(t.symbol);
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
    const state = this.up ? 'live' : this.pollOk ? 'polling' : 'offline';
    const c = this.current;
    if (state !== c.state)
      this.current = { state, lastUpdate: this.state.lastUpdate, since: this.deps.now() };
    else c.lastUpdate = this.state.lastUpdate;
    return this.current;
  }

  private statusIfDue(): FeedStatus | undefined {
    const s = this.refreshStatus();
    const sent = this.sentStatus;
    const due =
      !sent ||
      sent.state !== s.state ||
      (s.lastUpdate !== null &&
        (sent.lastUpdate === null || s.lastUpdate - sent.lastUpdate >= STATUS_TICK_MS));
    if (!due) return undefined;
    this.sentStatus = { ...s };
    return this.sentStatus;
  }

  private post(batch: MarketBatch): void {
    if (!Object.keys(batch).length || !this.listener) return;
    (this.deps.deliver ?? ((l, b) => l(b)))(this.listener, batch);
  }

  private flushTickers(): void {
    if (!this.listener) return;
    const batch: MarketBatch = {};
    const tickers = drainTickers(this.state, this.packer);
    if (tickers) batch.tickers = tickers;
    // Painted cells are drawn here, in the worker: the main thread gets only their labels, once a second.
    if (this.painter.size) {
      const labels = this.painter.flush(drainFlush(this.state.paintPending));
      if (labels.length) batch.cellLabels = labels;
    }
    // Rows that just scrolled into view (and list changes) do not wait for the slow clock.
    if (this.positions.urgent()) {
      const positions = this.positions.drain();
      if (positions) batch.positions = positions;
    }
    const status = this.statusIfDue();
    if (status) batch.status = status;
    this.post(batch);
  }

  private flushSlow(): void {
    if (!this.listener) return;
    const batch: MarketBatch = {};
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

  /** Positions on their own clock (positionsFlushMs); rows that just came into view go with the tickers. */
  private flushPositions(): void {
    if (!this.listener) return;
    const positions = this.positions.drain();
    if (positions) this.post({ positions });
  }

  private flushSorted(): void {
    if (!this.listener) return;
    const sorted = drainSorted(this.state);
    if (sorted.length) this.post({ sorted });
  }
}

function parseKey(key: InterestKey): KeyTarget | null {
  const [kind, a, b, c] = key.split(':');
  if (!a) return null;
  if (kind === 'ticker') return { kind, symbol: a };
  if (kind === 'indicator') {
    const iv = b as Interval;
    return (INTERVALS as readonly string[]).includes(iv) && isIndicatorName(c)
      ? { kind, symbol: a, interval: iv, name: c }
      : null;
  }
  if (kind === 'sort' && b && c) {
    return { kind, market: a as Market, key: b as SortKey, dir: c as SortDir };
  }
  const ch = parseChannel(key);
  if (ch?.kind === 'book' || ch?.kind === 'trades') return { kind: ch.kind, symbol: ch.symbol };
  return ch?.kind === 'candles' ? ch : null;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
