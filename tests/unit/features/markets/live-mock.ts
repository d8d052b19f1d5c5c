// A controllable stand-in for src/features/markets/live.ts in component tests: tickers, sorted lists, book,
// trades and candles are set by the test; subscriptions are recorded.
import { useSyncExternalStore } from 'react';
import type {
  CellWords,
  FeedInfo,
  LiveBook,
  LiveTicker,
  TradeRow,
} from '../../../../src/features/markets/live.ts';
import type { ChartBar } from '../../../../src/market/hooks.ts';

interface State {
  tickers: Record<string, LiveTicker>;
  sorted: Record<string, readonly string[]>;
  book: LiveBook | undefined;
  trades: readonly TradeRow[] | undefined;
  bars: readonly ChartBar[];
  version: number;
  feed: FeedInfo;
}

export const live = {
  state: {
    tickers: {},
    sorted: {},
    book: undefined,
    trades: undefined,
    bars: [],
    version: 0,
    feed: { status: 'live', lastUpdate: null },
  } as State,
  subscribed: [] as string[][],
  /** How rows paint their live cells ('dom' unless a test says otherwise) and the worker cells mounted. */
  paintMode: 'dom' as 'worker' | 'dom',
  cells: [] as { domId: string; symbol: string; words: CellWords }[],
  sortCalls: [] as string[],
  olderCalls: 0,
  listeners: new Set<() => void>(),
  set(patch: Partial<State>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  },
  reset() {
    this.subscribed = [];
    this.paintMode = 'dom';
    this.cells = [];
    this.sortCalls = [];
    this.olderCalls = 0;
    this.state = {
      tickers: {},
      sorted: {},
      book: undefined,
      trades: undefined,
      bars: [],
      version: 0,
      feed: { status: 'live', lastUpdate: null },
    };
  },
};

function useLive<T>(pick: (s: State) => T): T {
  return useSyncExternalStore(
    (l) => {
      live.listeners.add(l);
      return () => live.listeners.delete(l);
    },
    () => pick(live.state),
  );
}

export function ticker(
  symbol: string,
  price: string,
  pct: string,
  flash: 'up' | 'down' | null = null,
): LiveTicker {
  const dir = pct.startsWith('-') ? 'down' : pct === '0.00%' ? 'flat' : 'up';
  return {
    symbol,
    price,
    change: dir === 'down' ? '-1.00' : '+1.00',
    changePct: pct,
    dir,
    open: '1.00',
    high: '2.00',
    low: '0.50',
    prevClose: '1.00',
    volume: '1.23M',
    turnover: '4.56B',
    session: 'open',
    flash,
  };
}

export const liveModule = {
  usePaintMode: () => live.paintMode,
  useWorkerCell: (_host: unknown, domId: string, symbol: string, words: CellWords) => {
    live.cells.push({ domId, symbol, words });
  },
  useTicker: (s: string) => useLive((st) => st.tickers[s]),
  useMarketSubscription: (symbols: readonly string[]) => {
    live.subscribed.push([...symbols]);
  },
  useSortedSymbols: (m: string, k: string, d: string) => {
    live.sortCalls.push(`${m}:${k}:${d}`);
    return useLive((st) => st.sorted[`${m}:${k}:${d}`]);
  },
  useFeedStatus: () => useLive((st) => st.feed),
  useBook: () => useLive((st) => st.book),
  useTrades: () => useLive((st) => st.trades),
  useCandles: () => {
    const bars = useLive((st) => st.bars);
    const version = useLive((st) => st.version);
    return {
      status: bars.length ? 'success' : 'pending',
      bars,
      updates: [],
      version,
      error: null,
      loadOlder: async () => {
        live.olderCalls++;
        return 0;
      },
    };
  },
};
