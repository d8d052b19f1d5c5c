// The market simulator: a MarketSource that walks PSX stocks and crypto pairs with a seeded PRNG, computes the
// indices from their constituents, follows the PSX calendar and price band, keeps books, prints and candles,
// and persists bars so a restart continues the same history. Time comes from an injectable clock; tests call
// step() by hand instead of start(). Opening is async (it fills and reads the stored history); after that,
// every read of live state is synchronous, step() included: the bars a step closes are handed to the store's
// single writer (store.ts) and written behind it; only candle pages read the database.

import {
  MAX_BOOK_DEPTH,
  MAX_TRADES,
  type Book,
  type Candle,
  type Instrument,
  type Interval,
  type Market,
  type SessionState,
  type StockInfo,
  type Ticker,
  type Trade,
} from '../../../workers/protocol/market.ts';
import type { Db } from '../../db/database.ts';
import { fillHistory } from './backfill.ts';
import { writeMeta, type SymbolBar } from './bar-repo.ts';
import { diffBook, generateBook } from './book.ts';
import { pktDayStart, psxState } from './calendar.ts';
import {
  closeStaleBars,
  foldPrint,
  recordTrade,
  rollDay,
  toTicker,
  type LiveState,
} from './instrument-state.ts';
import type { CandleRange, MarketListener, MarketSource } from './market-source.ts';
import { createRng, type Rng } from './prng.ts';
import { formatBook, queryCandles, stockInfo, symbolUpdate } from './queries.ts';
import { bookParamsOf, loadStored, restoreState, YEAR_MS, type StoredBars } from './restore.ts';
import { MarketStore, type BarBatch } from './store.ts';
import { buildUniverse } from './universe.ts';
import { step as walkStep } from './walk.ts';
import { YearBars } from './year-bars.ts';

export interface SimOptions {
  /** PRNG seed: the same seed, clock readings and call sequence give the same market. */
  seed: string;
  /** ms clock (default Date.now) */
  clock?: () => number;
  /** feed steps per second of start()'s timer */
  ticksPerSecond?: number;
  /** keep PSX open around the clock (PSX_ALWAYS_OPEN=1) */
  alwaysOpen?: boolean;
  /** calendar days of daily bars generated on first start */
  historyDays?: number;
  /** calendar days (including today) of 1-minute bars kept */
  minuteDays?: number;
  /** told when a background write of bars fails (the feed goes on); default: a process warning */
  onWriteError?: (err: unknown) => void;
}

/** Share of a day's price variance one step covers is elapsed time over this trading-day length. */
const DAY_LEN: Record<Market, number> = { psx: 6 * 3_600_000, index: 6 * 3_600_000, crypto: 86_400_000 };
/** Chance that a symbol trades in a given step. */
const ACTIVITY: Record<Market, number> = { psx: 0.35, index: 1, crypto: 0.6 };

type Settings = Required<Omit<SimOptions, 'clock' | 'onWriteError'>>;

export class SimulatedMarket implements MarketSource {
  private readonly states = new Map<string, LiveState>();
  private readonly byMarket: Record<Market, LiveState[]> = { psx: [], index: [], crypto: [] };
  private readonly listeners = new Set<MarketListener>();
  private readonly rng: Rng;
  private readonly year = new YearBars();
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastPruneDay = 0;

  /** Fills the stored history up to the clock's now, then rebuilds the live state from it. */
  static async open(db: Db, opts: SimOptions): Promise<SimulatedMarket> {
    const clock = opts.clock ?? Date.now;
    const now = clock();
    const o: Settings = {
      seed: opts.seed,
      ticksPerSecond: opts.ticksPerSecond ?? 4,
      alwaysOpen: opts.alwaysOpen ?? false,
      historyDays: opts.historyDays ?? 400,
      minuteDays: opts.minuteDays ?? 3,
    };
    const universe = buildUniverse();
    await fillHistory(db, universe, { ...o, now });
    await writeMeta(db, 'lastStart', String(now));
    // One symbol after another: as fast as in parallel here, and it holds one connection, not the pool.
    const stored: StoredBars[] = [];
    for (const sim of universe) stored.push(await loadStored(db, sim, now));
    const report = (err: unknown) => process.emitWarning(err instanceof Error ? err : String(err));
    const store = new MarketStore(db, opts.onWriteError ?? report);
    return new SimulatedMarket(store, clock, o, now, stored);
  }

  private constructor(
    /** the bar history (and its writer) */
    readonly store: MarketStore,
    private readonly clock: () => number,
    private readonly opts: Settings,
    now: number,
    stored: readonly StoredBars[],
  ) {
    this.rng = createRng(this.opts.seed, 'live', now);
    for (const bars of stored) {
      const s = restoreState(bars, now, this.rng);
      this.states.set(s.ins.symbol, s);
      this.byMarket[s.ins.market].push(s);
      this.year.load(s.ins.symbol, bars.year);
    }
    this.lastPruneDay = pktDayStart(now);
  }

  /** Runs step() on a timer (unref'd: it never keeps the process alive on its own). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.step(), Math.max(1, Math.round(1000 / this.opts.ticksPerSecond)));
    this.timer.unref();
  }

  /** Stops the timer and persists every live bar, so a restart continues from here; resolves once written. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.persist(true);
    await this.store.flush();
  }

  now(): number {
    return this.clock();
  }

  session(market: Market, ts = this.clock()): SessionState {
    return market === 'crypto' ? 'open' : psxState(ts, this.opts.alwaysOpen);
  }

  instruments(market?: Market): readonly Instrument[] {
    const list = market ? this.byMarket[market] : [...this.states.values()];
    return list.map((s) => s.ins);
  }

  instrument(symbol: string): Instrument | undefined {
    return this.states.get(symbol)?.ins;
  }

  ticker(symbol: string): Ticker | undefined {
    const s = this.states.get(symbol);
    const now = this.clock();
    return s && toTicker(s, this.session(s.ins.market, now), now);
  }

  tickers(market: Market): Ticker[] {
    const now = this.clock();
    const st = this.session(market, now);
    return this.byMarket[market].map((s) => toTicker(s, st, now));
  }

  book(symbol: string, depth = MAX_BOOK_DEPTH): Book | undefined {
    const s = this.states.get(symbol);
    return s && formatBook(s, depth, this.clock());
  }

  trades(symbol: string, limit = 50): Trade[] {
    const s = this.states.get(symbol);
    return s ? s.trades.slice(-Math.min(Math.max(limit, 1), MAX_TRADES)) : [];
  }

  candles(symbol: string, iv: Interval, range: CandleRange): Promise<Candle[]> {
    const s = this.states.get(symbol);
    return s ? queryCandles(this.store, s, iv, range, this.clock()) : Promise.resolve([]);
  }

  info(symbol: string): StockInfo | undefined {
    const s = this.states.get(symbol);
    if (!s) return undefined;
    const now = this.clock();
    const ticker = toTicker(s, this.session(s.ins.market, now), now);
    const year = this.year.within(symbol, now - YEAR_MS, now);
    return stockInfo(year, s, { ticker, alwaysOpen: this.opts.alwaysOpen, now });
  }

  subscribe(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One feed step at the clock's time: trades, books, indices, bar persistence, then listeners. */
  step(): void {
    const ts = this.clock();
    const psxSt = psxState(ts, this.opts.alwaysOpen);
    const changed = new Set<LiveState>();
    const newTrades = new Map<LiveState, Trade[]>();
    const flow = new Map<LiveState, { v: number; q: bigint }>();
    let psxMoved = false;
    for (const s of [...this.byMarket.psx, ...this.byMarket.crypto]) {
      const st = s.ins.market === 'crypto' ? 'open' : psxSt;
      closeStaleBars(s, ts);
      if (st === 'closed' || st === 'break') continue;
      if (s.dayStart !== pktDayStart(ts)) {
        rollDay(s, ts);
        changed.add(s);
      }
      if (st !== 'open' || this.rng.next() > ACTIVITY[s.ins.market]) {
        s.lastStep = ts;
        continue;
      }
      const f = { v: 0, q: 0n };
      newTrades.set(s, this.trade(s, ts, f));
      flow.set(s, f);
      changed.add(s);
      if (s.ins.market === 'psx') psxMoved = true;
    }
    for (const idx of this.byMarket.index) {
      closeStaleBars(idx, ts);
      if (psxSt === 'closed' || psxSt === 'break') continue;
      if (idx.dayStart !== pktDayStart(ts)) {
        rollDay(idx, ts);
        changed.add(idx);
      }
      if (psxSt === 'open' && psxMoved) {
        this.moveIndex(idx, ts, flow);
        changed.add(idx);
      }
    }
    let prune: number | undefined;
    if (pktDayStart(ts) !== this.lastPruneDay) {
      this.lastPruneDay = pktDayStart(ts);
      prune = pktDayStart(ts - (this.opts.minuteDays - 1) * 86_400_000);
      this.year.trim(ts - YEAR_MS);
    }
    this.persist(false, prune);
    this.emit(ts, psxSt, [...changed], newTrades);
  }

  private trade(s: LiveState, ts: number, flow: { v: number; q: bigint }): Trade[] {
    const frac = Math.min(ts - s.lastStep, 60_000) / DAY_LEN[s.ins.market];
    s.lastStep = ts;
    const n = this.rng.int(1, 3);
    const stepsPerDay =
      (DAY_LEN[s.ins.market] / 1000) * this.opts.ticksPerSecond * ACTIVITY[s.ins.market] * 2;
    const out: Trade[] = [];
    for (let k = 0; k < n; k++) {
      const prev = s.last;
      const w = walkStep(this.rng, s.logP, s.sim.anchor, s.sim.volDay, Math.max(frac / n, 1e-9), s.band);
      s.logP = w.logP;
      const qty = Math.max(1, Math.round((s.sim.dayQty / stepsPerDay) * (0.2 + 1.6 * this.rng.next())));
      const side = w.price > prev ? 'b' : w.price < prev ? 's' : this.rng.next() < 0.5 ? 'b' : 's';
      foldPrint(s, ts, w.price, qty);
      flow.v += qty;
      flow.q += BigInt(w.price) * BigInt(qty);
      out.push(recordTrade(s, ts, w.price, qty, side));
    }
    const book = generateBook(this.rng, bookParamsOf(s), s.book);
    s.bookDelta = diffBook(s.book, book);
    s.book = book;
    return out;
  }

  private moveIndex(
    idx: LiveState,
    ts: number,
    flow: ReadonlyMap<LiveState, { v: number; q: bigint }>,
  ): void {
    const sim = idx.sim;
    if (!sim.constituents || !sim.capAtBase || sim.base === undefined) return;
    let cap = 0n;
    let v = 0;
    let q = 0n;
    for (const sym of sim.constituents) {
      const c = this.states.get(sym);
      if (!c) continue;
      cap += BigInt(c.sim.shares) * BigInt(c.last);
      const f = flow.get(c);
      if (f) {
        v += f.v;
        q += f.q;
      }
    }
    const level = Number((cap * BigInt(sim.base)) / sim.capAtBase);
    foldPrint(idx, ts, level, v, q);
  }

  /**
   * Hands the closed bars (and today's bar of each symbol that closed one) to the store's writer, then the
   * pruning of old minute bars; `all` adds every live bar (at stop, so a restart continues from them).
   */
  private persist(all: boolean, prune1mBefore?: number): void {
    const m1: SymbolBar[] = [];
    const d1: SymbolBar[] = [];
    for (const s of this.states.values()) {
      if (!all && s.pending1m.length === 0 && s.pendingDays.length === 0) continue;
      const symbol = s.ins.symbol;
      const live1m = all ? s.bars.get('1m') : undefined;
      for (const bar of live1m ? [...s.pending1m, live1m] : s.pending1m) m1.push({ symbol, bar });
      const day = s.bars.get('1d');
      for (const bar of day ? [...s.pendingDays, day] : s.pendingDays) {
        d1.push({ symbol, bar });
        this.year.put(symbol, bar);
      }
      s.pending1m = [];
      s.pendingDays = [];
    }
    if (m1.length === 0 && d1.length === 0 && prune1mBefore === undefined) return;
    const batch: BarBatch = { m1, d1 };
    if (prune1mBefore !== undefined) batch.prune1mBefore = prune1mBefore;
    this.store.write(batch);
  }

  private emit(
    ts: number,
    psxSt: SessionState,
    changed: LiveState[],
    newTrades: ReadonlyMap<LiveState, Trade[]>,
  ) {
    const updates = changed.map((s) =>
      symbolUpdate(s, s.ins.market === 'crypto' ? 'open' : psxSt, ts, newTrades.get(s) ?? []),
    );
    for (const s of this.states.values()) s.closed.clear();
    const tick = { ts, updates };
    for (const l of this.listeners) l(tick);
  }
}
