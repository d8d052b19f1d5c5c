// The market simulator: a MarketSource that walks PSX stocks and crypto pairs with a seeded PRNG, computes the
// indices from their constituents, follows the PSX calendar and price band, keeps books, prints and candles,
// and persists bars so a restart continues the same history. Time comes from an injectable clock; tests call
// step() by hand instead of start(). A step is generated (step-generate.ts), applied (step-apply.ts) and
// emitted (step-emit.ts); its record goes to onStep listeners so replicas on other nodes can follow, and
// snapshot()/adopt() hand the whole live market over (a replica's start, a replica's promotion to leader).
// Opening is async (it fills and reads the stored history); after that every read of live state is
// synchronous, step() included: the bars a step closes are handed to the store's single writer (store.ts).

import { randomUUID } from 'node:crypto';
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
import type { Db } from '../../db/database.ts';
import { fillHistory } from './backfill.ts';
import { readMeta, writeMeta, type SymbolBar } from './bar-repo.ts';
import { pktDayStart, psxOpenSpanEnd } from './calendar.ts';
import { parseHaltState, psxSessionAt, PSX_HALT_RULE, type HaltRule } from './market-halt.ts';
import { toTicker, type LiveState } from './instrument-state.ts';
import { CrashScenarios } from './crash-scenario.ts';
import { liveMarketOf, replaceLiveMarket } from './live-market.ts';
import type { CandleRange, MarketListener, MarketSource, MarketTick } from './market-source.ts';
import { restoreSnapshot, takeSnapshot, type MarketSnapshot } from './market-snapshot.ts';
import { createRng, type Rng } from './prng.ts';
import { formatBook, queryCandles, stockInfo } from './queries.ts';
import { loadStored, restoreState, YEAR_MS, type StoredBars } from './restore.ts';
import { applyStep } from './step-apply.ts';
import { tickOf } from './step-emit.ts';
import { generateStep } from './step-generate.ts';
import type { StepRecord } from './step-record.ts';
import { MarketStore, type BarBatch } from './store.ts';
import { buildUniverse, type ListingDef, type SimInstrument } from './universe.ts';
import { isListingDef, listedInstrument } from './listed-instruments.ts';
import { YearBars } from './year-bars.ts';

/** market_meta key of the halt state (market-halt.ts), so a restarted leader keeps a halt in progress. */
const HALT_META = 'halt';
const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

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
  /**
   * The stocks listed at run time so far (IPOs that listed), read at every open so a restart or a new leader
   * keeps them; default none.
   */
  listings?: () => Promise<readonly ListingDef[]>;
  /** the market-wide halt rule's timing (market-halt.ts); default PSX's */
  haltRule?: HaltRule;
}

export type StepListener = (record: StepRecord) => void;

/** The run-time listings of `opts` as instruments (built-in symbols and bad rows left out). */
async function listedUniverse(opts: SimOptions): Promise<SimInstrument[]> {
  if (!opts.listings) return [];
  const builtIn = new Set(buildUniverse().map((s) => s.ins.symbol));
  const seen = new Set<string>();
  const out: SimInstrument[] = [];
  for (const d of await opts.listings()) {
    if (!isListingDef(d) || builtIn.has(d.symbol) || seen.has(d.symbol)) continue;
    seen.add(d.symbol);
    out.push(listedInstrument(d));
  }
  return out;
}

type Settings = Required<Omit<SimOptions, 'clock' | 'onWriteError' | 'listings' | 'haltRule'>>;

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
    const universe = [...buildUniverse(), ...(await listedUniverse(opts))];
    await fillHistory(db, universe, { ...o, now });
    await writeMeta(db, 'lastStart', String(now));
    // One symbol after another: as fast as in parallel here, and it holds one connection, not the pool.
    const stored: StoredBars[] = [];
    for (const sim of universe) stored.push(await loadStored(db, sim, now));
    const report = (err: unknown) => process.emitWarning(err instanceof Error ? err : String(err));
    const store = new MarketStore(db, opts.onWriteError ?? report);
    const sim = new SimulatedMarket(store, clock, o, now, stored, opts.haltRule ?? PSX_HALT_RULE);
    // A halt in progress when the last leader stopped goes on (a restart does not reopen a halted market).
    const halt = await readMeta(db, HALT_META);
    if (halt) sim.live.halt = parseHaltState(safeJson(halt));
    return sim;
  }

  private constructor(
    /** the bar history (and its writer) */
    readonly store: MarketStore,
    private readonly clock: () => number,
    private readonly opts: Settings,
    now: number,
    stored: readonly StoredBars[],
    private readonly haltRule: HaltRule,
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
    return market === 'crypto' ? 'open' : psxSessionAt(this.live.halt, ts, this.opts.alwaysOpen);
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
    return stockInfo(year, s, { ticker, alwaysOpen: this.opts.alwaysOpen, now, halt: this.live.halt });
  }

  subscribe(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The same states and lists as a LiveMarket, with the step stream's position and the market counters. */
  private readonly live = liveMarketOf(randomUUID(), this.states, this.byMarket);
  private readonly stepListeners = new Set<StepListener>();
  /** After adopt(): the run and step the next record continues from (told to replicas once). */
  private fork: [run: string, n: number] | undefined;

  channelSeq(ch: ParsedChannel): number {
    if (ch.kind === 'tickers') return this.live.seq[ch.market];
    return this.states.get(ch.symbol)?.seq ?? 0;
  }

  /** Calls `listener` with every step's record after the step is applied and its bars stored. */
  onStep(listener: StepListener): () => void {
    this.stepListeners.add(listener);
    return () => this.stepListeners.delete(listener);
  }

  /** The whole live market now (between steps), for replicas to start from. */
  snapshot(): MarketSnapshot {
    return takeSnapshot(this.live, this.opts.alwaysOpen);
  }

  /** A simulator that continues from `snap` (a promoted replica's market): see adopt(). */
  static async fromSnapshot(db: Db, snap: MarketSnapshot, opts: SimOptions): Promise<SimulatedMarket> {
    const sim = await SimulatedMarket.open(db, { ...opts, alwaysOpen: opts.alwaysOpen ?? snap.alwaysOpen });
    sim.adopt(snap);
    return sim;
  }

  /**
   * Continues from a snapshot instead of the state restored from the store: a replica promoted to leader
   * carries on with the same states, counters and step numbers, so clients on other nodes see consecutive
   * seqs. Its next record carries `fork` so replicas standing at the same step follow without a snapshot.
   */
  adopt(snap: MarketSnapshot): void {
    const sims = new Map<string, SimInstrument>();
    for (const s of this.states.values()) sims.set(s.ins.symbol, s.sim);
    const next = restoreSnapshot(snap, sims);
    const missing = [...sims.keys()].filter((sym) => !next.states.has(sym) && !sims.get(sym)!.listing);
    if (missing.length > 0) throw new Error(`market snapshot lacks ${missing.join(', ')}`);
    replaceLiveMarket(this.live, next);
    // A listing the database has but the snapshot not yet (listed just before the lead changed): next step.
    for (const sim of sims.values())
      if (sim.listing && !next.states.has(sim.ins.symbol)) this.list(sim.listing);
    this.live.run = randomUUID();
    this.fork = [snap.run, snap.n];
    // Counters changed under any subscriber already here: they need fresh snapshots.
    this.emit({ ts: this.live.ts, updates: [], marketSeq: {}, resync: true });
  }

  // ---- run-time listings (issue 17: an IPO that lists joins the market; listed-instruments.ts) ----

  /** Listings waiting for the next step, which carries them to every replica (StepRecord.add). */
  private readonly listingsDue = new Map<string, ListingDef>();

  /**
   * Adds a stock to the market with the next step (idempotent: a symbol the market has, or has waiting, is
   * left alone). Returns whether it will be added.
   */
  list(d: ListingDef): boolean {
    if (!isListingDef(d) || this.states.has(d.symbol) || this.listingsDue.has(d.symbol)) return false;
    this.listingsDue.set(d.symbol, { ...d });
    return true;
  }

  /** One feed step at the clock's time: draw it, apply it, store bars, tell step listeners, then emit. */
  private readonly crashes = new CrashScenarios();

  /**
   * Test and demo control, not reachable by users: moves a pair by `pct` % over `seconds` of feed steps
   * (crash-scenario.ts).
   */
  crash(symbol: string, pct: number, seconds: number): void {
    // An index moves through its constituents (a KSE-30 fall is what sets off the market-wide halt).
    const constituents = this.states.get(symbol)?.sim.constituents;
    for (const sym of constituents ?? [symbol])
      this.crashes.start(sym, pct, seconds, this.opts.ticksPerSecond);
  }

  /** Whether a crash scenario is moving `symbol` now (tests wait for a started scenario on it). */
  crashing(symbol: string): boolean {
    return this.crashes.moving(symbol);
  }

  step(): void {
    const ts = this.clock();
    const record = generateStep(this.live, this.rng, {
      ts,
      psx: psxSessionAt(this.live.halt, ts, this.opts.alwaysOpen),
      sessionEnd: psxOpenSpanEnd(ts, this.opts.alwaysOpen),
      haltRule: this.haltRule,
      ticksPerSecond: this.opts.ticksPerSecond,
      crash: this.crashes,
    });
    if (this.fork) record.fork = this.fork;
    this.fork = undefined;
    if (this.listingsDue.size > 0) {
      record.add = [...this.listingsDue.values()];
      this.listingsDue.clear();
    }
    if (record.h) this.store.write({ meta: { [HALT_META]: JSON.stringify(record.h) } });
    const applied = applyStep(this.live, record);
    let prune: number | undefined;
    if (pktDayStart(ts) !== this.lastPruneDay) {
      this.lastPruneDay = pktDayStart(ts);
      prune = pktDayStart(ts - (this.opts.minuteDays - 1) * 86_400_000);
      this.year.trim(ts - YEAR_MS);
    }
    this.persist(false, prune);
    for (const l of this.stepListeners) l(record);
    this.emit(tickOf(this.live, applied));
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

  private emit(tick: MarketTick): void {
    for (const l of this.listeners) l(tick);
  }
}
