// The hooks features use for market data. Each hook registers its interest (reference-counted, so only what
// is on screen streams) and reads one atom, so a tick re-renders only the components showing that symbol.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { Interval, Market, Trade } from '../../workers/protocol/market.ts';
import {
  bookKey,
  candlesKey,
  indicatorKey,
  sortKey,
  tickerKey,
  tradesKey,
  type BookView,
  type IndicatorName,
  type SortDir,
  type SortKey,
} from '../../workers/protocol/market-api.ts';
import type { InterestKey } from '../../workers/protocol/worker-api.ts';
import type { FeedStatus } from '../../workers/protocol/feed-status.ts';
import { useAtomValue } from '../shared/state/jotai.ts';
import {
  bookAtomFamily,
  candlesAtomFamily,
  feedStatusAtom,
  indicatorAtomFamily,
  sortedAtomFamily,
  tickerAtomFamily,
  tradesAtomFamily,
  type CandlesView,
  type IndicatorView,
  type TickerView,
} from './atoms.ts';
import { marketBridge } from './bridge.ts';
import { attachWorkerCell, paintMode, type CellWords, type PaintMode, type WorkerCell } from './cells.ts';

export type { BookView, SortDir, SortKey } from '../../workers/protocol/market-api.ts';
export type { FeedStatus } from '../../workers/protocol/feed-status.ts';
export type { CandlesView, ChartBar, IndicatorView, TickerView } from './atoms.ts';
export type { IndicatorName, MainIndicator, SubIndicator } from '../../workers/protocol/market-api.ts';

/** Keeps `keys` subscribed while mounted. `joined` is the stable dependency ('\n'-joined keys). */
export function useInterest(joined: string): void {
  useEffect(() => {
    if (!joined) return;
    const keys = joined.split('\n') as InterestKey[];
    const { interest } = marketBridge();
    interest.add(keys);
    return () => interest.remove(keys);
  }, [joined]);
}

/** Streams these symbols' tickers while mounted (a virtualised list passes its visible rows). */
export function useMarketSubscription(symbols: readonly string[]): void {
  useInterest(symbols.map(tickerKey).join('\n'));
}

/** One symbol's display fields and flash direction; null until its first ticker arrives. Subscribes itself. */
export function useTicker(symbol: string | null | undefined): TickerView | null {
  useInterest(symbol ? tickerKey(symbol) : '');
  return useAtomValue(tickerAtomFamily(symbol ?? ''));
}

/** The market's symbols in this order, recomputed in the worker at most ~2×/s; null until known. */
export function useSortedSymbols(market: Market, key: SortKey, dir: SortDir): readonly string[] | null {
  useInterest(sortKey(market, key, dir));
  return useAtomValue(sortedAtomFamily(`${market}:${key}:${dir}`));
}

/** Top 20 levels per side (exact strings) with cumulative totals for depth bars; null until the first. */
export function useBook(symbol: string): BookView | null {
  useInterest(bookKey(symbol));
  return useAtomValue(bookAtomFamily(symbol));
}

/** The tape, newest first (≤ 50 prints); null until the first page. */
export function useTrades(symbol: string): readonly Trade[] | null {
  useInterest(tradesKey(symbol));
  return useAtomValue(tradesAtomFamily(symbol));
}

export interface CandlesResult extends CandlesView {
  /** Pages older history in (the series resets with them); resolves with the number of bars added. */
  loadOlder(bars?: number): Promise<number>;
}

/**
 * Chart bars: `bars` for setData whenever `version` changes, then `updates` for update() on each live change.
 * History arrives from the worker (REST, up to 1000 bars) and live bars from the socket or polling.
 */
export function useCandles(symbol: string, interval: Interval): CandlesResult {
  useInterest(candlesKey(symbol, interval));
  const view = useAtomValue(candlesAtomFamily(`${symbol}:${interval}`));
  const loadOlder = useCallback(
    async (bars?: number) => Number(await marketBridge().port.loadOlderCandles(symbol, interval, bars)),
    [symbol, interval],
  );
  return { ...view, loadOlder };
}

/**
 * One indicator's lines over the chart's series, computed in the worker: `values` for setData whenever
 * `version` changes, then update() from `changedFrom` on each live change. Pending until the series loads.
 */
export function useIndicator(symbol: string, interval: Interval, name: IndicatorName): IndicatorView {
  useInterest(indicatorKey(symbol, interval, name));
  return useAtomValue(indicatorAtomFamily(`${symbol}:${interval}:${name}`));
}

/** live / polling / offline with the time of the last update, for the feed badge. */
export function useFeedStatus(): FeedStatus {
  useEffect(() => void marketBridge(), []);
  return useAtomValue(feedStatusAtom);
}

/** How this page paints rows' live cells ('worker' or 'dom': src/market/cells.ts). Fixed per page. */
export function usePaintMode(): PaintMode {
  return paintMode(marketBridge().port);
}

/**
 * While mounted, the worker draws `symbol` into a canvas it makes inside `host` (its DOM id `domId`, for the
 * row's aria-describedby). A new symbol is a new canvas; new words relayout the same one.
 */
export function useWorkerCell(
  host: RefObject<HTMLElement | null>,
  domId: string,
  symbol: string,
  words: CellWords,
): void {
  const cell = useRef<WorkerCell | null>(null);
  const latest = useRef(words);
  const latestSymbol = useRef(symbol);
  useEffect(() => {
    latest.current = words;
    cell.current?.relayout(words);
  }, [words]);
  // A new symbol in the same row (a re-sorted list) keeps the canvas: the worker draws the other symbol into it.
  useEffect(() => {
    latestSymbol.current = symbol;
    cell.current?.retarget(symbol);
  }, [symbol]);
  useEffect(() => {
    if (!host.current) return;
    const c = attachWorkerCell(
      marketBridge().port,
      host.current,
      domId,
      latestSymbol.current,
      latest.current,
    );
    cell.current = c;
    return () => {
      c.detach();
      if (cell.current === c) cell.current = null;
    };
  }, [host, domId]);
}
