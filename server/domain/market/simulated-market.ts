// The market simulator: a MarketSource that walks PSX stocks and crypto pairs with a seeded PRNG, computes the
// indices from their constituents, follows the PSX calendar and price band, keeps books, prints and candles,
// and persists bars so a restart continues the same history. Time comes from an injectable clock; tests call
// step() by hand instead of start().

import type Database from 'better-sqlite3';
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
import { fillHistory } from './backfill.ts';
import { diffBook, generateBook } from './book.ts';
import { pktDayStart, psxState } from './calendar.ts';
import { toCandle } from './candles.ts';
import {
  closeStaleBars,
  foldPrint,
  recordTrade,
  rollDay,
  toTicker,
  type LiveState,
} from './instrument-state.ts';
import type { CandleRange, MarketListener, MarketSource, SymbolUpdate } from './market-source.ts';
import { createRng, type Rng } from './prng.ts';
import { formatBook, formatBookDelta, queryCandles, stockInfo } from './queries.ts';
import { bookParamsOf, restoreState } from './restore.ts';
import { MarketStore } from './store.ts';
import { buildUniverse } from './universe.ts';
import { step as walkStep } from './walk.ts';

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
}

/** Share of a day's price variance one step covers is elapsed time over this trading-day length. */
const DAY_LEN: Record<Market, number> = { psx: 6 * 3_600_000, index: 6 * 3_600_000, crypto: 86_400_000 };
/** Chance that a symbol trades in a given step. */
const ACTIVITY: Record<Market, number> = { psx: 0.35, index: 1, crypto: 0.6 };

export class SimulatedMarket implements MarketSource {
  readonly store: MarketStore;
  private readonly clock: () => number;
  private readonly opts: Required<Omit<SimOptions, 'clock'>>;
  private readonly states = new Map<string, LiveState>();
  private readonly byMarket: Record<Market, LiveState[]> = { psx: [], index: [], crypto: [] };
  private readonly listeners = new Set<MarketListener>();
  private readonly rng: Rng;
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastPruneDay = 0;

  constructor(db: Database.Database, opts: SimOptions) {
    this.clock = opts.clock ?? Date.now;
    this.opts = {
      seed: opts.seed,
      ticksPerSecond: opts.ticksPerSecond ?? 4,
      alwaysOpen: opts.alwaysOpen ?? false,
      historyDays: opts.historyDays ?? 400,
      minuteDays: opts.minuteDays ?? 3,
    };
    this.store = new MarketStore(db);
    const now = this.clock();
    const universe = buildUniverse();
    fillHistory(this.store, universe, { ...this.opts, now });
    this.store.setMeta('lastStart', String(now));
    this.rng = createRng(this.opts.seed, 'live', now);
    for (const sim of universe) {
      const s = restoreState(this.store, sim, now, this.rng);
      this.states.set(sim.ins.symbol, s);
      this.byMarket[sim.ins.market].push(s);
    }
    this.lastPruneDay = pktDayStart(now);
  }

  /** Runs step() on a timer (unref'd: it never keeps the process alive on its own). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.step(), Math.max(1, Math.round(1000 / this.opts.ticksPerSecond)));
    this.timer.unref();
  }

  /** Stops the timer and persists every live bar, so a restart continues from here. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.flush(true);
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

  candles(symbol: string, iv: Interval, range: CandleRange): Candle[] {
    const s = this.states.get(symbol);
    return s ? queryCandles(this.store, s, iv, range, this.clock()) : [];
  }

  info(symbol: string): StockInfo | undefined {
    const s = this.states.get(symbol);
    if (!s) return undefined;
    const now = this.clock();
    const ticker = toTicker(s, this.session(s.ins.market, now), now);
    return stockInfo(this.store, s, { ticker, alwaysOpen: this.opts.alwaysOpen, now });
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
    this.flush(false);
    if (pktDayStart(ts) !== this.lastPruneDay) {
      this.lastPruneDay = pktDayStart(ts);
      this.store.prune1m(pktDayStart(ts - (this.opts.minuteDays - 1) * 86_400_000));
    }
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
    const book = generateBook(this.rng, this.bookParams(s), s.book);
    s.bookDelta = diffBook(s.book, book);
    s.book = book;
    return out;
  }

  private bookParams(s: LiveState) {
    return bookParamsOf(s);
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

  private flush(all: boolean): void {
    const dirty = [...this.states.values()].filter(
      (s) => all || s.pending1m.length > 0 || s.pendingDays.length > 0,
    );
    if (dirty.length === 0) return;
    this.store.transaction(() => {
      for (const s of dirty) {
        const sym = s.ins.symbol;
        const live1m = all ? s.bars.get('1m') : undefined;
        this.store.put('1m', sym, live1m ? [...s.pending1m, live1m] : s.pending1m);
        const day = s.bars.get('1d');
        this.store.put('1d', sym, day ? [...s.pendingDays, day] : s.pendingDays);
        s.pending1m = [];
        s.pendingDays = [];
      }
    });
  }

  private emit(
    ts: number,
    psxSt: SessionState,
    changed: LiveState[],
    newTrades: ReadonlyMap<LiveState, Trade[]>,
  ) {
    const updates: SymbolUpdate[] = changed.map((s) => {
      const closed = new Map(s.closed);
      s.closed.clear();
      const delta = s.bookDelta;
      s.bookDelta = null;
      return {
        symbol: s.ins.symbol,
        market: s.ins.market,
        ticker: toTicker(s, s.ins.market === 'crypto' ? 'open' : psxSt, ts),
        trades: newTrades.get(s) ?? [],
        bookDelta: () => (delta ? formatBookDelta(s, delta, ts) : null),
        candles: (iv: Interval) => {
          const pd = s.ins.priceDecimals;
          const qd = s.ins.qtyDecimals;
          const out: Candle[] = [];
          const c = closed.get(iv);
          if (c) out.push(toCandle(c, pd, qd));
          const live = s.bars.get(iv);
          if (live) out.push(toCandle(live, pd, qd));
          return out;
        },
      };
    });
    for (const s of this.states.values()) s.closed.clear();
    const tick = { ts, updates };
    for (const l of this.listeners) l(tick);
  }
}
