// The streaming and positions benches' naive baseline (issue 3 §5(b), issue 4 Bench b), in the bench build only
// (bench/app/, selected by `?baseline=1`): the same MarketPort the worker offers, implemented on the main
// thread the way a first version would be — one WebSocket, JSON.parse of every message, and every ticker of
// every message written to its atom at once: no worker, no coalescing, no visibility filter. What the user sees
// keeps the same cadence as the worker's (list order every 500 ms, the badge's time at most every second), so
// the bench compares data paths, not UI behaviour. The rows' canvases are drawn on this thread
// (naive-cells.ts); the signed-in account's portfolio comes through a second main-thread socket to the account
// channel and is priced here with decimal.js (naive-account.ts, naive-positions.ts). Charts (candles, trades)
// are not served.
import type {
  Book,
  BookDelta,
  BookLevel,
  Market,
  ServerMessage,
  Ticker,
} from '../../workers/protocol/market.ts';
import { MARKETS, parseChannel, tickersChannel } from '../../workers/protocol/market.ts';
import type { BookView, SortDir, SortKey } from '../../workers/protocol/market-api.ts';
import type { InterestKey, WorkerInitOptions } from '../../workers/protocol/worker-api.ts';
import type { FeedStatus } from '../../workers/protocol/feed-status.ts';
import {
  bookAtomFamily,
  feedStatusAtom,
  sortedAtomFamily,
  tickerAtomFamily,
} from '../../src/market/atoms.ts';
import type { MarketPort, MarketStore } from '../../src/market/market-port.ts';
import { createNaiveAccount } from './naive-account.ts';
import { createNaiveCells } from './naive-cells.ts';
import { naiveView } from './naive-view.ts';

export interface NaiveHooks {
  /** Ticker updates received in deltas (the bench's delivered count). */
  delivered?(updates: number): void;
  /** A row's cell was drawn with a new ticker (the bench's tick-to-paint mark), with its feed time. */
  shown?(feedTime: number): void;
}

const BOOK_VIEW_DEPTH = 20;
/** The worker's defaults (market-service.ts): sorted order every 500 ms, status time at most every 1 s. */
const SORT_MS = 500;
const STATUS_MS = 1000;

function sortSymbols(rows: Map<string, Ticker>, key: SortKey, dir: SortDir): string[] {
  const sign = dir === 'asc' ? 1 : -1;
  const list = [...rows.keys()];
  if (key === 'name') return list.sort((a, b) => sign * (a < b ? -1 : a > b ? 1 : 0));
  const v = (s: string) => +(key === 'change' ? rows.get(s)!.cp : rows.get(s)!.v);
  return list.sort((a, b) => sign * (v(a) - v(b)) || (a < b ? -1 : a > b ? 1 : 0));
}

interface NaiveBook {
  bids: Map<string, string>;
  asks: Map<string, string>;
  ts: number;
}

function bookView(symbol: string, b: NaiveBook): BookView {
  const side = (m: Map<string, string>, desc: boolean): BookLevel[] =>
    [...m.entries()].sort((x, y) => (desc ? +y[0] - +x[0] : +x[0] - +y[0])).slice(0, BOOK_VIEW_DEPTH);
  const totals = (levels: BookLevel[]) => {
    const out = new Float64Array(levels.length);
    let sum = 0;
    levels.forEach((l, i) => (out[i] = sum += +l[1]));
    return out;
  };
  const bids = side(b.bids, true);
  const asks = side(b.asks, false);
  return { symbol, bids, asks, bidTotals: totals(bids), askTotals: totals(asks), ts: b.ts };
}

export function createNaivePort(store: MarketStore, hooks: NaiveHooks = {}): MarketPort {
  let ws: WebSocket | null = null;
  const channels = new Set<string>(MARKETS.map(tickersChannel));
  const markets = new Map<Market, Map<string, Ticker>>(MARKETS.map((m) => [m, new Map()]));
  const sorts = new Set<`${Market}:${SortKey}:${SortDir}`>();
  const books = new Map<string, NaiveBook>();
  let status: FeedStatus = { state: 'offline', lastUpdate: null, since: Date.now() };
  const cells = createNaiveCells(store, (t) => hooks.shown?.(t));
  const account = createNaiveAccount(store);

  const send = (msg: unknown) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  };
  const setStatus = (next: FeedStatus) => {
    status = next;
    store.set(feedStatusAtom, status);
  };
  const resort = (market: Market) => {
    for (const key of sorts) {
      const [m, k, d] = key.split(':') as [Market, SortKey, SortDir];
      if (m === market) store.set(sortedAtomFamily(key), sortSymbols(markets.get(m)!, k, d));
    }
  };
  const unsorted = new Set<Market>();
  setInterval(() => {
    for (const m of unsorted) resort(m);
    unsorted.clear();
  }, SORT_MS);

  function onTickers(market: Market, list: Ticker[]): void {
    const rows = markets.get(market)!;
    for (const t of list) {
      rows.set(t.s, t);
      const a = tickerAtomFamily(t.s);
      // Synchronous: a row's cell subscribed to this atom is drawn right here (naive-cells.ts).
      store.set(a, naiveView(t, store.get(a)));
    }
    unsorted.add(market);
  }

  function onBook(symbol: string, snap: boolean, data: Book | BookDelta): void {
    let b = books.get(symbol);
    if (snap || !b) {
      b = { bids: new Map(), asks: new Map(), ts: 0 };
      books.set(symbol, b);
    }
    for (const [p, q] of data.b)
      if (q === '0') b.bids.delete(p);
      else b.bids.set(p, q);
    for (const [p, q] of data.a)
      if (q === '0') b.asks.delete(p);
      else b.asks.set(p, q);
    b.ts = data.t;
    store.set(bookAtomFamily(symbol), bookView(symbol, b));
  }

  function onMessage(raw: string): void {
    const msg = JSON.parse(raw) as ServerMessage;
    if (msg.op !== 'snap' && msg.op !== 'delta') return;
    const ch = parseChannel(msg.ch);
    if (ch?.kind === 'tickers') {
      const list = msg.data as Ticker[];
      if (msg.op === 'delta') hooks.delivered?.(list.length);
      onTickers(ch.market, list);
    } else if (ch?.kind === 'book') onBook(ch.symbol, msg.op === 'snap', msg.data as Book | BookDelta);
    const now = Date.now();
    if (now - (status.lastUpdate ?? 0) >= STATUS_MS)
      setStatus({ state: 'live', lastUpdate: now, since: status.since });
  }

  return {
    init(opts: WorkerInitOptions) {
      if (ws || !opts.wsUrl) return;
      account.setMarketUrl(opts.wsUrl);
      ws = new WebSocket(opts.wsUrl);
      ws.onopen = () => {
        send({ op: 'sub', ch: [...channels] });
        setStatus({ state: 'live', lastUpdate: status.lastUpdate, since: Date.now() });
      };
      ws.onmessage = (e: MessageEvent) => {
        if (typeof e.data === 'string') onMessage(e.data);
      };
      ws.onclose = () => setStatus({ state: 'offline', lastUpdate: status.lastUpdate, since: Date.now() });
    },
    onBatch: (listener) => cells.listen(listener),
    subscribe(keys: InterestKey[]) {
      for (const k of keys) {
        const [kind, a = '', b, c] = k.split(':');
        if (kind === 'sort') {
          sorts.add(`${a}:${b}:${c}` as `${Market}:${SortKey}:${SortDir}`);
          resort(a as Market);
        } else if (kind === 'book' && !channels.has(`book:${a}`)) {
          channels.add(`book:${a}`);
          send({ op: 'sub', ch: [`book:${a}`] });
        }
      }
    },
    unsubscribe(keys: InterestKey[]) {
      for (const k of keys) {
        const [kind, a = '', b, c] = k.split(':');
        if (kind === 'sort') sorts.delete(`${a}:${b}:${c}` as `${Market}:${SortKey}:${SortDir}`);
        else if (kind === 'book' && channels.delete(`book:${a}`)) send({ op: 'unsub', ch: [`book:${a}`] });
      }
    },
    setHidden() {},
    status: () => status,
    loadOlderCandles: () => 0,
    setAccount: (session) => account.setAccount(session),
    attachCell: (id, canvas, symbol, layout) => cells.attach(id, canvas, symbol, layout),
    relayoutCell: (id, layout) => cells.relayout(id, layout),
    detachCell: (id) => cells.detach(id),
    setCellTheme: (theme) => cells.setTheme(theme),
  };
}
