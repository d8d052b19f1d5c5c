// The market on a node that does not run the simulator: a MarketSource built from the leader's snapshot and
// moved on by the leader's step records, applied with the same code as the leader (step-apply.ts, step-emit.ts)
// so its reads, its ticks and its channel seqs are exactly the leader's. A record it cannot apply (a gap, a
// run it does not know) stops it: it asks for a snapshot through `onGap`, keeps the records that arrive
// meanwhile, and on load() continues from the snapshot with those. Candle pages read the shared store (the
// leader writes the bars) merged with the live bars, as on the leader. info() stays synchronous like the
// simulator's: the year of daily bars is read from the store when the replica opens or loads a snapshot (only
// the days before the snapshot's current day: that one is the live bar), then the days the records close are
// laid over it, so it holds for the 52-week range what the leader's YearBars holds.

import {
  MAX_BOOK_DEPTH,
  MAX_TRADES,
  type Book,
  type Candle,
  type Instrument,
  type Interval,
  type Market,
  type ParsedChannel,
  type SessionState,
  type StockInfo,
  type Ticker,
  type Trade,
} from '../../../workers/protocol/market.ts';
import { pktDayStart } from './calendar.ts';
import { psxSessionAt } from './market-halt.ts';
import type { Bar } from './candles.ts';
import { toTicker, type LiveState } from './instrument-state.ts';
import { replaceLiveMarket, type LiveMarket } from './live-market.ts';
import type { CandleRange, MarketListener, MarketSource, MarketTick } from './market-source.ts';
import { restoreSnapshot, takeSnapshot, type MarketSnapshot } from './market-snapshot.ts';
import { formatBook, queryCandles, stockInfo } from './queries.ts';
import { judgeRecord, type StreamPosition } from './replica-follow.ts';
import { YEAR_MS } from './restore.ts';
import { applyStep } from './step-apply.ts';
import { tickOf } from './step-emit.ts';
import type { StepRecord } from './step-record.ts';
import type { MarketStore } from './store.ts';
import { buildUniverse, type SimInstrument } from './universe.ts';
import { YearBars } from './year-bars.ts';

/** What the replica has and what it got, when it needs a snapshot. */
export interface GapInfo {
  at: StreamPosition;
  got: { run: string; n: number };
}

export interface ReplicaOptions {
  /** ms clock (default Date.now) */
  clock?: () => number;
  /**
   * A record could not be applied: fetch a fresh snapshot and call load(). Records that arrive meanwhile are
   * kept (up to `maxBuffered`) and replayed after it. Called once per stop, not per record.
   */
  onGap: (gap: GapInfo) => void;
  /** records kept while waiting for a snapshot (default 2400: 10 minutes at 4 steps a second) */
  maxBuffered?: number;
}

export type AcceptResult = 'applied' | 'old' | 'gap' | 'buffered';

/** Closed bars a replica remembers (the leader stores them; a promoted replica stores them again). */
const UNSAVED_1M = 3;
const UNSAVED_DAYS = 2;
/** Runs left behind that are still recognised (their late records are dropped quietly). */
const LEFT_RUNS = 8;
/** Daily bars a year holds at most (as the simulator reads them at start). */
const YEAR_ROWS = 400;

/**
 * The stored daily bars of the last year before the snapshot's current day of each symbol, with the closed
 * days the snapshot carries laid over them. Later days in the store (the leader went on after the snapshot)
 * are left out: the records bring them.
 */
async function readYear(
  store: MarketStore,
  live: LiveMarket,
  snapshotTs: number,
  now: number,
): Promise<YearBars> {
  const year = new YearBars();
  const today = pktDayStart(snapshotTs || now);
  // One symbol after another, as the simulator's start: one connection, not the pool.
  for (const s of live.states.values()) {
    const before = s.bars.get('1d')?.t ?? today;
    const sym = s.ins.symbol;
    year.load(sym, await store.range('1d', sym, now - YEAR_MS, before - 1, YEAR_ROWS));
    for (const b of s.pendingDays) year.put(sym, b);
  }
  return year;
}

export class ReplicaMarket implements MarketSource {
  private readonly clock: () => number;
  private readonly sims: ReadonlyMap<string, SimInstrument>;
  private readonly live: LiveMarket;
  private readonly listeners = new Set<MarketListener>();
  private readonly left = new Set<string>();
  private readonly maxBuffered: number;
  private alwaysOpen: boolean;
  /** records received while waiting for a snapshot; null when following */
  private buffer: StepRecord[] | null = null;
  /** the last year of daily bars, for info() (see the top of the file) */
  private year: YearBars;
  /** Karachi day of the last step applied: the year is trimmed when it changes */
  private lastTrimDay: number;

  /** A replica standing at `snapshot`; its year of daily bars is read from the store first. */
  static async open(
    store: MarketStore,
    snapshot: MarketSnapshot,
    opts: ReplicaOptions,
  ): Promise<ReplicaMarket> {
    const sims = new Map(buildUniverse().map((sim) => [sim.ins.symbol, sim]));
    const live = restoreSnapshot(snapshot, sims);
    const clock = opts.clock ?? Date.now;
    const year = await readYear(store, live, snapshot.ts, clock());
    return new ReplicaMarket(store, sims, live, snapshot.alwaysOpen, year, opts);
  }

  private constructor(
    private readonly store: MarketStore,
    sims: ReadonlyMap<string, SimInstrument>,
    live: LiveMarket,
    alwaysOpen: boolean,
    year: YearBars,
    private readonly opts: ReplicaOptions,
  ) {
    this.clock = opts.clock ?? Date.now;
    this.maxBuffered = opts.maxBuffered ?? 2400;
    this.sims = sims;
    this.live = live;
    this.alwaysOpen = alwaysOpen;
    this.year = year;
    this.lastTrimDay = pktDayStart(live.ts || this.clock());
  }

  // ---- following the leader ----

  /** Where the replica stands: the run it follows and the last step applied. */
  get position(): StreamPosition {
    return { run: this.live.run, step: this.live.step };
  }

  /**
   * Stops applying records until the next load(): what was published while the bus was down is lost, so
   * the records that come now are kept for after a fresh snapshot.
   */
  expectSnapshot(): void {
    this.buffer ??= [];
  }

  /** false while waiting for a snapshot after a gap */
  get following(): boolean {
    return this.buffer === null;
  }

  /** Takes the leader's next record: applies and emits it, drops an old one, or stops at a gap. */
  accept(rec: StepRecord): AcceptResult {
    if (this.buffer) {
      this.buffer.push(rec);
      if (this.buffer.length > this.maxBuffered) this.buffer.shift();
      return 'buffered';
    }
    const verdict = judgeRecord(this.position, rec, this.left);
    if (verdict === 'old') return 'old';
    if (verdict === 'gap') {
      this.buffer = [rec];
      this.opts.onGap({ at: this.position, got: { run: rec.run, n: rec.n } });
      return 'gap';
    }
    if (rec.run !== this.live.run) this.leave(this.live.run);
    this.live.run = rec.run;
    const days = new Map<LiveState, number>();
    for (const s of this.live.states.values()) days.set(s, s.pendingDays.length);
    const applied = applyStep(this.live, rec);
    for (const [s, n] of days) for (const b of s.pendingDays.slice(n)) this.year.put(s.ins.symbol, b);
    if (pktDayStart(rec.ts) !== this.lastTrimDay) {
      this.lastTrimDay = pktDayStart(rec.ts);
      this.year.trim(rec.ts - YEAR_MS);
    }
    this.forgetSavedBars();
    this.emit(tickOf(this.live, applied));
    return 'applied';
  }

  /**
   * Continues from a fresh snapshot: the year of daily bars is read again (days may have closed in the gap),
   * the market is replaced (subscribers are told to take fresh snapshots of everything), then the records kept
   * since the gap are replayed. Records arriving while the year is read are kept with them; call it once at
   * a time. If the read fails it rejects and the replica keeps waiting for a snapshot (call it again).
   */
  async load(snapshot: MarketSnapshot): Promise<void> {
    // A snapshot of a run this replica has left is older than what it has (a new leader's run took over):
    // loaded, it would mark the run now published as left, and every record of it would be dropped as old
    // while the replica looked as if it followed. Refused; the caller asks again (cluster-market.ts, resync).
    if (this.left.has(snapshot.run)) throw new Error(`a snapshot of run ${snapshot.run}, which has ended`);
    this.buffer ??= [];
    const next = restoreSnapshot(snapshot, this.sims);
    const year = await readYear(this.store, next, snapshot.ts, this.clock());
    if (snapshot.run !== this.live.run) this.leave(this.live.run);
    this.left.delete(snapshot.run);
    replaceLiveMarket(this.live, next);
    this.alwaysOpen = snapshot.alwaysOpen;
    this.year = year;
    this.lastTrimDay = pktDayStart(next.ts || this.clock());
    const kept = this.buffer ?? [];
    this.buffer = null;
    this.emit({ ts: this.live.ts, updates: [], marketSeq: {}, resync: true });
    for (const rec of kept) this.accept(rec);
  }

  /** The market as this replica holds it, e.g. for the simulator to adopt when this node becomes leader. */
  snapshot(): MarketSnapshot {
    return takeSnapshot(this.live, this.alwaysOpen);
  }

  private leave(run: string): void {
    this.left.add(run);
    for (const r of this.left) {
      if (this.left.size <= LEFT_RUNS) break;
      this.left.delete(r);
    }
  }

  /** The leader stores closed bars; only the last few are kept, in case this node must store them again. */
  private forgetSavedBars(): void {
    for (const s of this.live.states.values()) {
      if (s.pending1m.length > UNSAVED_1M) s.pending1m = s.pending1m.slice(-UNSAVED_1M);
      if (s.pendingDays.length > UNSAVED_DAYS) s.pendingDays = s.pendingDays.slice(-UNSAVED_DAYS);
    }
  }

  private emit(tick: MarketTick): void {
    for (const l of this.listeners) l(tick);
  }

  /** Nothing runs on a timer here: the leader's records move the market (start/stop fit the app's slot). */
  start(): void {}

  stop(): void {}

  // ---- reads (the same answers as the simulator's) ----

  now(): number {
    return this.clock();
  }

  session(market: Market, ts = this.clock()): SessionState {
    return market === 'crypto' ? 'open' : psxSessionAt(this.live.halt, ts, this.alwaysOpen);
  }

  instruments(market?: Market): readonly Instrument[] {
    const list = market ? this.live.byMarket[market] : [...this.live.states.values()];
    return list.map((s) => s.ins);
  }

  instrument(symbol: string): Instrument | undefined {
    return this.live.states.get(symbol)?.ins;
  }

  ticker(symbol: string): Ticker | undefined {
    const s = this.live.states.get(symbol);
    const now = this.clock();
    return s && toTicker(s, this.session(s.ins.market, now), now);
  }

  tickers(market: Market): Ticker[] {
    const now = this.clock();
    const st = this.session(market, now);
    return this.live.byMarket[market].map((s) => toTicker(s, st, now));
  }

  book(symbol: string, depth = MAX_BOOK_DEPTH): Book | undefined {
    const s = this.live.states.get(symbol);
    return s && formatBook(s, depth, this.clock());
  }

  trades(symbol: string, limit = 50): Trade[] {
    const s = this.live.states.get(symbol);
    return s ? s.trades.slice(-Math.min(Math.max(limit, 1), MAX_TRADES)) : [];
  }

  channelSeq(ch: ParsedChannel): number {
    if (ch.kind === 'tickers') return this.live.seq[ch.market];
    return this.live.states.get(ch.symbol)?.seq ?? 0;
  }

  subscribe(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The one read of the store (async, as on the leader). */
  candles(symbol: string, iv: Interval, range: CandleRange): Promise<Candle[]> {
    const s = this.live.states.get(symbol);
    return s ? queryCandles(this.store, s, iv, range, this.clock()) : Promise.resolve([]);
  }

  info(symbol: string): StockInfo | undefined {
    const s: LiveState | undefined = this.live.states.get(symbol);
    if (!s) return undefined;
    const now = this.clock();
    const ticker = toTicker(s, this.session(s.ins.market, now), now);
    const year: Bar[] = this.year.within(symbol, now - YEAR_MS, now);
    return stockInfo(year, s, { ticker, alwaysOpen: this.alwaysOpen, now, halt: this.live.halt });
  }
}
