// The streaming bench's market feed: a local WebSocket server speaking the app's protocol
// (workers/protocol/market.ts) that pushes N symbols × R ticker updates a second on `tickers:psx` plus one
// book at a fixed rate, from frames serialised in advance. It counts what it offers to each client, so the
// runner can compare it with what the page says it received. Sockets opened at the account path
// (ACCOUNT_WS_PATH, where the worker's account feed connects next to the market socket) get the private
// account channel instead (feed-account.ts): the positions bench's portfolio.
import { WebSocketServer, type WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import type { ClientMessage } from '../../workers/protocol/market.ts';
import { ACCOUNT_WS_PATH, type AccountSnap } from '../../workers/protocol/trade.ts';
import { createAccountChannel, type AccountCounts } from './feed-account.ts';
import {
  bookDeltaCycle,
  bookSnap,
  emptySnap,
  makeSymbols,
  stamp,
  tickerDeltaCycle,
  tickersSnap,
  type FrameTemplate,
  type SymbolSpec,
} from './feed-data.ts';

export interface FeedOptions {
  symbols: number;
  updatesPerSymbolPerSec: number;
  bookLevels: number;
  bookHz: number;
  /** Send period of the ticker slices (ms). */
  sliceMs?: number;
  /** Real instruments to put first (so the app's own lists know them). */
  real?: readonly SymbolSpec[];
  /** The symbol whose book is streamed (default: the first symbol). */
  bookSymbol?: string;
  /** The account channel's snapshot (open orders, positions, assets); default: an empty account. */
  account?: AccountSnap;
}

export interface FeedCounts {
  /** Ticker updates sent in `tickers:psx` deltas (snaps excluded). */
  offeredUpdates: number;
  offeredFrames: number;
  offeredBookDeltas: number;
  /** Frames not sent because the socket's buffer was over the high-water mark (backpressure). */
  skippedFrames: number;
  connections: number;
  subscribed: string[];
  /** Ticker updates offered to the most recent connection since it connected (a drain check compares it). */
  lastClientOffered: number;
  /** The account channel's sockets (not among `connections`, which are market sockets). */
  account: AccountCounts;
}

export interface Feed {
  url: string;
  bookSymbol: string;
  symbols: readonly SymbolSpec[];
  /** Updates actually carried per second (perSlice × slices per second) over all symbols. */
  effectiveRate: number;
  counts(): FeedCounts;
  resetCounts(): void;
  /** Stops sending deltas (tickers and book) until `resume`, e.g. to let a slow client drain its backlog. */
  pause(): void;
  /** Sends again at the offered rate from now on: the paused time is not caught up. */
  resume(): void;
  close(): Promise<void>;
}

const TICKERS_CH = 'tickers:psx';
const HIGH_WATER = 8 * 1024 * 1024;
/** Frames are pre-built bytes but must arrive as text frames (the app parses strings). */
const TEXT = { binary: false } as const;

interface Client {
  ws: WebSocket;
  channels: Set<string>;
  offered: number;
}

export async function startFeed(opts: FeedOptions): Promise<Feed> {
  const sliceMs = opts.sliceMs ?? 10;
  const specs = makeSymbols(opts.symbols, opts.real);
  const perSlice = Math.max(1, Math.round((opts.symbols * opts.updatesPerSymbolPerSec * sliceMs) / 1000));
  const bookSymbol = opts.bookSymbol ?? specs[0]!.symbol;
  const bookCh = `book:${bookSymbol}`;
  const bookMid = specs.find((s) => s.symbol === bookSymbol)?.pc ?? 10_000;
  const snapTpl = tickersSnap(TICKERS_CH, specs);
  const deltaTpls = tickerDeltaCycle(TICKERS_CH, specs, perSlice);
  const bookSnapTpl = bookSnap(bookSymbol, bookMid, opts.bookLevels);
  const bookTpls = bookDeltaCycle(bookSymbol, bookMid, opts.bookLevels);

  // The frames are hand-assembled: prove once that they parse and carry what they claim.
  selfCheck(snapTpl, deltaTpls[0]!, bookTpls[0]!, specs.length);

  const clients = new Set<Client>();
  let seq = 0;
  let bookSeq = 0;
  const counts: FeedCounts = emptyCounts();
  let lastClient: Client | null = null;

  const account = createAccountChannel(opts.account);
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));

  wss.on('connection', (ws, req) => {
    // The account socket is its own client: counting it as the market's would break the drain check.
    if (new URL(req.url ?? '/', 'ws://x').pathname.endsWith(ACCOUNT_WS_PATH)) return account.accept(ws);
    const client: Client = { ws, channels: new Set(), offered: 0 };
    clients.add(client);
    lastClient = client;
    counts.connections++;
    ws.on('close', () => clients.delete(client));
    ws.on('message', (raw) => onMessage(client, String(raw)));
  });

  function onMessage(client: Client, raw: string): void {
    let msg: ClientMessage;
    try {
      msg = JSON.parse(raw) as ClientMessage;
    } catch {
      client.ws.send(JSON.stringify({ op: 'err', msg: 'bad JSON' }));
      return;
    }
    if (msg.op === 'ping') {
      client.ws.send(JSON.stringify({ op: 'pong', t: msg.t, ts: Date.now() }));
    } else if (msg.op === 'sub') {
      for (const ch of msg.ch) {
        client.channels.add(ch);
        if (!counts.subscribed.includes(ch)) counts.subscribed.push(ch);
        if (ch === TICKERS_CH) client.ws.send(stamp(snapTpl, seq, Date.now()), TEXT);
        else if (ch === bookCh) client.ws.send(stamp(bookSnapTpl, bookSeq, Date.now()), TEXT);
        else client.ws.send(emptySnap(ch));
      }
    } else if (msg.op === 'unsub') {
      for (const ch of msg.ch) client.channels.delete(ch);
      client.ws.send(JSON.stringify({ op: 'unsubd', ch: msg.ch }));
    }
  }

  function broadcast(ch: string, tpl: FrameTemplate, s: number): void {
    const now = Date.now();
    let buf: Buffer | null = null;
    for (const c of clients) {
      if (!c.channels.has(ch)) continue;
      if (c.ws.bufferedAmount > HIGH_WATER) {
        counts.skippedFrames++;
        continue;
      }
      buf ??= stamp(tpl, s, now);
      c.ws.send(buf, TEXT);
      if (ch === TICKERS_CH) {
        c.offered += tpl.updates;
        counts.offeredFrames++;
        counts.offeredUpdates += tpl.updates;
      } else counts.offeredBookDeltas++;
    }
  }

  // Catch-up scheduling: the number of slices due follows the wall clock, so timer jitter changes the
  // batching a little but never the offered rate.
  let start = performance.now();
  let paused = false;
  let slicesSent = 0;
  let booksSent = 0;
  let cursor = 0;
  let bookCursor = 0;
  const timer = setInterval(() => {
    if (paused) return;
    const elapsed = performance.now() - start;
    const due = Math.floor(elapsed / sliceMs);
    while (opts.updatesPerSymbolPerSec > 0 && slicesSent < due) {
      slicesSent++;
      seq++;
      broadcast(TICKERS_CH, deltaTpls[cursor++ % deltaTpls.length]!, seq);
    }
    if (opts.bookHz > 0) {
      const bookDue = Math.floor((elapsed * opts.bookHz) / 1000);
      while (booksSent < bookDue) {
        booksSent++;
        bookSeq++;
        broadcast(bookCh, bookTpls[bookCursor++ % bookTpls.length]!, bookSeq);
      }
    }
  }, sliceMs);

  // Heartbeats, as the real server sends them.
  const hb = setInterval(() => {
    for (const c of clients) c.ws.send(JSON.stringify({ op: 'hb', ts: Date.now() }));
    account.heartbeat(Date.now());
  }, 10_000);

  const port = (wss.address() as AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    bookSymbol,
    symbols: specs,
    effectiveRate: opts.updatesPerSymbolPerSec > 0 ? (perSlice * 1000) / sliceMs : 0,
    counts: () => ({
      ...counts,
      subscribed: [...counts.subscribed],
      lastClientOffered: lastClient?.offered ?? 0,
      account: account.counts(),
    }),
    resetCounts() {
      Object.assign(counts, emptyCounts(), { subscribed: counts.subscribed, connections: clients.size });
    },
    pause() {
      paused = true;
    },
    resume() {
      if (!paused) return;
      paused = false;
      start = performance.now();
      slicesSent = 0;
      booksSent = 0;
    },
    async close() {
      clearInterval(timer);
      clearInterval(hb);
      for (const c of clients) c.ws.terminate();
      account.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function emptyCounts(): FeedCounts {
  return {
    offeredUpdates: 0,
    offeredFrames: 0,
    offeredBookDeltas: 0,
    skippedFrames: 0,
    connections: 0,
    subscribed: [],
    lastClientOffered: 0,
    account: { connections: 0, snapshots: 0, unsubs: 0 },
  };
}

function selfCheck(snap: FrameTemplate, delta: FrameTemplate, book: FrameTemplate, symbols: number): void {
  const t = 1_700_000_000_123;
  const s = JSON.parse(stamp(snap, 7, t).toString('latin1')) as {
    seq: number;
    ts: number;
    data: { t: number }[];
  };
  const d = JSON.parse(stamp(delta, 8, t).toString('latin1')) as { seq: number; data: { t: number }[] };
  const b = JSON.parse(stamp(book, 9, t).toString('latin1')) as { seq: number; data: { t: number } };
  const ok =
    s.seq === 7 &&
    s.ts === t &&
    s.data.length === symbols &&
    d.seq === 8 &&
    d.data.length === delta.updates &&
    d.data.every((x) => x.t === t) &&
    b.seq === 9 &&
    b.data.t === t;
  if (!ok) throw new Error('feed self-check failed: a pre-built frame does not parse as the protocol says');
}
