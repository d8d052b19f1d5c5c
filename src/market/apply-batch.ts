// Applies one worker batch to the store: O(symbols in the batch), one atom write per changed symbol or
// channel, no money arithmetic (the strings arrive formatted; floats only pick colours and plot bars).
import {
  CANDLE_STRIDE,
  CB_CLOSE,
  CB_HIGH,
  CB_LOW,
  CB_OPEN,
  CB_TIME,
  CB_VOLUME,
  MAX_CHART_BARS,
  type CandlesUpdate,
} from '../../workers/protocol/market-api.ts';
import type { WorkerBatch } from '../../workers/protocol/worker-api.ts';
import { createTickerReceiver, unpackTickers, type TickerRow } from '../../workers/protocol/ticker-batch.ts';
import {
  bookAtomFamily,
  candlesAtomFamily,
  feedStatusAtom,
  sortedAtomFamily,
  tickerAtomFamily,
  tradesAtomFamily,
  type CandlesView,
  type ChartBar,
  type TickerView,
} from './atoms.ts';
// The flash rule (once a second, 300 ms) is shared with the worker's painted cells.
import { FLASH_SHOW_MS, shouldFlash } from '../../workers/protocol/quote-cell.ts';
import { applyIndicators } from './apply-indicators.ts';
import { applyCellLabels } from './cells.ts';
import type { MarketStore } from './market-port.ts';
import { applyAccountUpdate } from './account-apply.ts';
import { applyPositionsUpdate } from './positions-apply.ts';
import { applyContractsUpdate } from './contracts-apply.ts';

/** Prints kept for the tape. */
export const TAPE_LIMIT = 50;

function toView(r: TickerRow, prev: TickerView | null, flashes: boolean): TickerView {
  const dir = r.dir === 0 ? (prev?.dir ?? 0) : r.dir;
  const t = r.text;
  return {
    symbol: r.symbol,
    price: t.p,
    change: t.c,
    changePct: t.cp,
    open: t.o,
    high: t.h,
    low: t.l,
    prevClose: t.pc,
    volume: t.v,
    turnover: t.q,
    session: r.session,
    ts: r.ts,
    last: r.last,
    changePctValue: r.changePct,
    dir,
    flashing: flashes ? dir : (prev?.flashing ?? 0),
  };
}

export function unpackBars(data: Float64Array): ChartBar[] {
  const n = Math.floor(data.length / CANDLE_STRIDE);
  const out = new Array<ChartBar>(n);
  for (let k = 0; k < n; k++) {
    const o = k * CANDLE_STRIDE;
    out[k] = {
      time: data[o + CB_TIME]!,
      open: data[o + CB_OPEN]!,
      high: data[o + CB_HIGH]!,
      low: data[o + CB_LOW]!,
      close: data[o + CB_CLOSE]!,
      volume: data[o + CB_VOLUME]!,
    };
  }
  return out;
}

/**
 * Live bars into the series: replace by time (almost always the last bar) or append; then the oldest bars
 * past `maxBars` go, as the worker's series drops them, so a chart left open does not grow all day.
 */
export function mergeBars(
  bars: readonly ChartBar[],
  updates: readonly ChartBar[],
  maxBars: number = MAX_CHART_BARS,
): ChartBar[] {
  const out = bars.slice();
  for (const u of updates) {
    let i = out.length - 1;
    while (i >= 0 && out[i]!.time > u.time) i--;
    if (i >= 0 && out[i]!.time === u.time) out[i] = u;
    else out.splice(i + 1, 0, u);
  }
  if (out.length > maxBars) out.splice(0, out.length - maxBars);
  return out;
}

export function nextCandles(prev: CandlesView, c: CandlesUpdate): CandlesView {
  if (c.error) return { ...prev, status: 'error', error: c.error };
  const bars = unpackBars(c.bars);
  if (c.reset) {
    // The worker never posts more than the window; the newest win if it ever did.
    if (bars.length > MAX_CHART_BARS) bars.splice(0, bars.length - MAX_CHART_BARS);
    return { status: 'success', bars, updates: [], version: prev.version + 1, error: null };
  }
  return { ...prev, status: 'success', bars: mergeBars(prev.bars, bars), updates: bars };
}

/**
 * The batch applier of one worker connection. `onDesync` runs when a ticker batch does not continue the
 * symbol table this side holds (the caller re-registers, and the worker resends everything).
 */
export function createBatchApplier(
  store: MarketStore,
  onDesync: () => void = () => {},
  clock: () => number = () => performance.now(),
) {
  const receiver = createTickerReceiver();
  /** Ticker time of each row's last flash (the once-a-second rule). */
  const lastFlash = new Map<string, number>();
  /** Rows showing a flash now, with the wall time it started. */
  const showing = new Map<string, number>();
  let quietTimer: ReturnType<typeof setTimeout> | null = null;
  const clearFlashes = (now: number, all: boolean): void => {
    for (const [symbol, since] of showing) {
      if (!all && now - since < FLASH_SHOW_MS) continue;
      showing.delete(symbol);
      const a = tickerAtomFamily(symbol);
      const v = store.get(a);
      if (v?.flashing) store.set(a, { ...v, flashing: 0 });
    }
  };
  // Batches come every flush while the feed streams; if they stop, this clears what is left.
  const armQuietTimer = (): void => {
    if (quietTimer !== null) clearTimeout(quietTimer);
    quietTimer = showing.size
      ? setTimeout(() => {
          quietTimer = null;
          clearFlashes(clock(), true);
        }, FLASH_SHOW_MS + 100)
      : null;
  };
  return function applyBatch(batch: WorkerBatch): void {
    const now = clock();
    if (showing.size) clearFlashes(now, false);
    if (batch.tickers) {
      let rows: TickerRow[] = [];
      try {
        rows = unpackTickers(receiver, batch.tickers);
      } catch {
        receiver.symbols.length = 0;
        receiver.text.length = 0;
        onDesync();
      }
      for (const r of rows) {
        const a = tickerAtomFamily(r.symbol);
        const flashes = shouldFlash(r.dir !== 0, r.ts, lastFlash.get(r.symbol));
        if (flashes) {
          lastFlash.set(r.symbol, r.ts);
          showing.set(r.symbol, now);
        }
        store.set(a, toView(r, store.get(a), flashes));
      }
      armQuietTimer();
    }
    for (const b of batch.books ?? []) store.set(bookAtomFamily(b.symbol), b);
    for (const t of batch.trades ?? []) {
      const a = tradesAtomFamily(t.symbol);
      const prev = store.get(a);
      store.set(a, t.reset || !prev ? t.trades : [...t.trades, ...prev].slice(0, TAPE_LIMIT));
    }
    for (const c of batch.candles ?? []) {
      const a = candlesAtomFamily(`${c.symbol}:${c.interval}`);
      store.set(a, nextCandles(store.get(a), c));
    }
    if (batch.indicators) applyIndicators(store, batch.indicators);
    for (const s of batch.sorted ?? []) store.set(sortedAtomFamily(s.key), s.symbols);
    if (batch.status) store.set(feedStatusAtom, batch.status);
    if (batch.positions) applyPositionsUpdate(store, batch.positions);
    if (batch.account) applyAccountUpdate(store, batch.account);
    if (batch.contracts) applyContractsUpdate(store, batch.contracts);
    if (batch.cellLabels) applyCellLabels(batch.cellLabels);
  };
}
