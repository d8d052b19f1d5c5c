// The market WebSocket hub: channel subscriptions per connection, a snapshot then deltas with a per-channel
// sequence number, heartbeats, and backpressure. The seqs are the market's own counters (MarketSource
// channelSeq, SymbolUpdate.seq, MarketTick.marketSeq), not counted here, so every node following the same
// market numbers a channel's deltas alike; each symbol update is a delta on every channel of the symbol, even
// an empty one, so the numbers stay consecutive. Memory per connection is bounded:
// - every frame goes through the contract's schema and a per-socket budget (FrameGate) first; a flood closes
//   the socket (1008);
// - a `sub` for a channel the connection already holds sends nothing new (a client that wants a fresh snap
//   sends `unsub` then `sub`, both within the budget);
// - a slow connection (socket buffer above the high-water mark) is sent neither deltas nor snapshots: its
//   channels are marked stale and, once the buffer drains, each gets one fresh snapshot, a few at a time, as
//   long as the buffer stays under the mark. A connection that stays backed up for `stuckMs` (a client that
//   never reads), or whose buffer passes the hard limit, is dropped; it resyncs when it reconnects; and when
//   all connections together hold more than the node's budget, the most backed-up are dropped first.
// A candles snapshot is read from the database: until it is read, the channel's deltas skip that connection,
// and the snapshot carries the seq the channel has reached when it goes out.

import { Compile } from 'typebox/compile';
import {
  MarketClientFrame,
  WS_ERR,
  WS_MAX_CHANNELS,
  type WsErrCode,
  type WsErrFrame,
} from '../../../contract/ws.ts';
import type { MessageParams } from '../../errors.ts';
import type { Lang } from '../../../workers/protocol/api.ts';
import {
  WS_HEARTBEAT_MS,
  parseChannel,
  tickersChannel,
  type Market,
  type ParsedChannel,
  type ServerMessage,
} from '../../../workers/protocol/market.ts';
import { FRAME_BUDGET, FrameGate } from '../../domain/ws/frame-gate.ts';
import type { BucketRule } from '../../domain/ws/token-bucket.ts';
import type { MarketSource, MarketTick } from '../../domain/market/market-source.ts';
import { translator, type Translator } from '../../i18n/translator.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { MarkQuote } from '../../../workers/protocol/market.ts';
import type { MarkStep } from '../../domain/perp/mark-book.ts';

/** The part of a `ws` WebSocket the hub uses (kept small so tests can fake it). */
export interface WsLike {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

export interface HubOptions {
  heartbeatMs?: number;
  /** bytes buffered in the socket above which deltas are dropped and a snapshot is owed */
  highWaterMark?: number;
  maxChannels?: number;
  /** bars in a candles snapshot */
  candleSnapshot?: number;
  /** buffered bytes past which a connection is dropped at once (default 4 × the high-water mark) */
  hardLimit?: number;
  /** bytes all connections together may hold buffered; past it the most backed-up ones are dropped */
  nodeBudget?: number;
  /** a connection backed up above the high-water mark for this long is dropped */
  stuckMs?: number;
  /** frames (and channels named) a connection may send: burst and rate */
  frameBudget?: BucketRule;
  now?: () => number;
  /** the messages of `err` frames (default: the process's translator) */
  translator?: Translator;
  /** the perpetuals' marks (app.perp's MarkBook): without it `mark:<SYM>` channels are unknown */
  marks?: MarkFeed;
}

/** What the hub reads of the mark book (server/domain/perp/mark-book.ts). */
export interface MarkFeed {
  pair(symbol: string): { grid: { priceDecimals: number } } | null;
  mark(symbol: string): bigint | null;
  listen(listener: (marks: readonly MarkStep[], ts: number) => void): () => void;
}

const checkFrame = Compile(MarketClientFrame);

interface Conn {
  socket: WsLike;
  lang: Lang;
  channels: Set<string>;
  stale: Set<string>;
  /** channels whose snapshot is being read, each with the read it waits for */
  loading: Map<string, object>;
  alive: boolean;
  gate: FrameGate<MarketClientFrame>;
  /** when the socket first went above the high-water mark without draining since; null when it is fine */
  backedUpSince: number | null;
}

interface Channel {
  parsed: ParsedChannel;
  subs: Set<Conn>;
}

const OPEN = 1;

export class MarketHub {
  private readonly conns = new Set<Conn>();
  private readonly channels = new Map<string, Channel>();
  private readonly opts: Required<Omit<HubOptions, 'marks'>>;
  private readonly marks: MarkFeed | null;
  private readonly unlistenMarks: () => void;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly source: MarketSource,
    opts: HubOptions = {},
  ) {
    const highWaterMark = opts.highWaterMark ?? 512 * 1024;
    this.opts = {
      heartbeatMs: opts.heartbeatMs ?? WS_HEARTBEAT_MS,
      highWaterMark,
      hardLimit: opts.hardLimit ?? 4 * highWaterMark,
      nodeBudget: opts.nodeBudget ?? 256 * 1024 * 1024,
      maxChannels: opts.maxChannels ?? WS_MAX_CHANNELS,
      candleSnapshot: opts.candleSnapshot ?? 300,
      stuckMs: opts.stuckMs ?? 30_000,
      frameBudget: opts.frameBudget ?? FRAME_BUDGET,
      now: opts.now ?? Date.now,
      translator: opts.translator ?? translator,
    };
    this.unsubscribe = source.subscribe((tick) => this.onTick(tick));
    this.marks = opts.marks ?? null;
    this.unlistenMarks = this.marks?.listen((marks, ts) => this.onMarks(marks, ts)) ?? (() => {});
    this.timer = setInterval(() => this.heartbeat(), this.opts.heartbeatMs);
    this.timer.unref();
  }

  get connectionCount(): number {
    return this.conns.size;
  }

  close(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    this.unlistenMarks();
    for (const c of this.conns) c.socket.terminate();
    this.conns.clear();
    this.channels.clear();
  }

  /** Registers a connection; the caller forwards its frames to `message`, pongs to `pong`, close to `detach`. */
  attach(socket: WsLike, lang: Lang) {
    const conn: Conn = {
      socket,
      lang,
      channels: new Set(),
      stale: new Set(),
      loading: new Map(),
      alive: true,
      gate: new FrameGate(checkFrame, this.opts.frameBudget, this.opts.now),
      backedUpSince: null,
    };
    this.conns.add(conn);
    return {
      message: (data: unknown, isBinary = false) => this.onMessage(conn, data, isBinary),
      pong: () => {
        conn.alive = true;
      },
      detach: () => this.detach(conn),
    };
  }

  private detach(conn: Conn): void {
    for (const ch of conn.channels) this.leave(conn, ch);
    this.conns.delete(conn);
  }

  private drop(conn: Conn, code: number, reason: string): void {
    this.detach(conn);
    if (code === 0) conn.socket.terminate();
    else conn.socket.close(code, reason);
  }

  /** Whether the socket can take more now; a socket past the hard limit is dropped here. */
  private writable(conn: Conn): boolean {
    if (conn.socket.readyState !== OPEN) return false;
    const buffered = conn.socket.bufferedAmount;
    if (buffered > this.opts.hardLimit) {
      this.drop(conn, 0, '');
      return false;
    }
    if (buffered > this.opts.highWaterMark) {
      conn.backedUpSince ??= this.opts.now();
      return false;
    }
    return true;
  }

  /** Small control messages (errors, pongs, heartbeats) go out unless the socket is past its hard limit. */
  private send(conn: Conn, msg: ServerMessage): void {
    if (conn.socket.readyState !== OPEN) return;
    if (conn.socket.bufferedAmount > this.opts.hardLimit) return this.drop(conn, 0, '');
    conn.socket.send(JSON.stringify(msg));
  }

  /** An `err` frame (contract/ws.ts WsErrFrame) in the connection's language. */
  private err(conn: Conn, code: WsErrCode, key: string, params?: MessageParams): WsErrFrame {
    return { op: 'err', code, msg: this.opts.translator.t(conn.lang, key, params) };
  }

  private onMessage(conn: Conn, data: unknown, isBinary: boolean): void {
    if (!this.conns.has(conn)) return;
    conn.alive = true;
    const verdict = conn.gate.accept(data, isBinary);
    if (!verdict.ok) {
      if (verdict.close) {
        this.send(conn, this.err(conn, WS_ERR.rateLimited, 'market:errors.tooFast'));
        return this.drop(conn, 1008, 'rate limit');
      }
      return this.send(conn, this.err(conn, WS_ERR.badFrame, 'market:errors.badMessage'));
    }
    const msg = verdict.frame;
    if (msg.op === 'ping') return this.send(conn, { op: 'pong', t: msg.t, ts: this.source.now() });
    if (msg.op === 'unsub') {
      for (const ch of msg.ch) this.leave(conn, ch);
      return this.send(conn, { op: 'unsubd', ch: msg.ch });
    }
    for (const ch of msg.ch) this.join(conn, ch);
  }

  private join(conn: Conn, ch: string): void {
    // Already held: its snapshot was sent (or is owed) and its deltas flow; nothing new to send.
    if (conn.channels.has(ch)) return;
    const parsed = parseChannel(ch);
    const known =
      parsed &&
      (parsed.kind === 'tickers' ||
        (parsed.kind === 'mark'
          ? this.markQuote(parsed.symbol) !== null
          : this.source.instrument(parsed.symbol)));
    if (!parsed || !known) {
      return this.send(conn, {
        ...this.err(conn, WS_ERR.unknownChannel, 'market:errors.unknownChannel', { ch }),
        ch,
      });
    }
    if (conn.channels.size >= this.opts.maxChannels) {
      const max = this.opts.maxChannels;
      return this.send(conn, {
        ...this.err(conn, WS_ERR.tooManyChannels, 'market:errors.tooManyChannels', { max }),
        ch,
      });
    }
    let state = this.channels.get(ch);
    if (!state) {
      state = { parsed, subs: new Set() };
      this.channels.set(ch, state);
    }
    state.subs.add(conn);
    conn.channels.add(ch);
    conn.stale.delete(ch);
    this.sendSnap(conn, ch, state);
  }

  private leave(conn: Conn, ch: string): void {
    conn.channels.delete(ch);
    conn.stale.delete(ch);
    conn.loading.delete(ch);
    const state = this.channels.get(ch);
    if (!state) return;
    state.subs.delete(conn);
    if (state.subs.size === 0) this.channels.delete(ch);
  }

  private snapshot(p: ParsedChannel): unknown {
    // A candles snapshot is a Promise (sendSnap waits for it); the others are read from memory.
    const s = this.source;
    switch (p.kind) {
      case 'tickers':
        return s.tickers(p.market);
      case 'ticker':
        return s.ticker(p.symbol);
      case 'book':
        return s.book(p.symbol);
      case 'trades':
        return s.trades(p.symbol, 50);
      case 'candles':
        return s.candles(p.symbol, p.interval, { limit: this.opts.candleSnapshot });
      case 'mark':
        return this.markQuote(p.symbol);
    }
  }

  // ---- perpetual marks (issue 16): `mark:<SYM>`, a delta per step of the pair, the pair's own seq ----

  /** The pair's mark now, null for a symbol without a perpetual (or before its first price). */
  private markQuote(symbol: string, mark?: bigint, last?: bigint): MarkQuote | null {
    const pair = this.marks?.pair(symbol);
    const m = mark ?? this.marks?.mark(symbol) ?? null;
    const i = last ?? this.source.ticker(symbol)?.p ?? null;
    if (!pair || m === null || i === null) return null;
    const d = pair.grid.priceDecimals;
    return { s: symbol, m: formatMinor(m, d), i: typeof i === 'bigint' ? formatMinor(i, d) : i };
  }

  private onMarks(marks: readonly MarkStep[], ts: number): void {
    for (const k of marks) {
      const ch = `mark:${k.symbol}`;
      if (!this.channels.has(ch)) continue;
      const q = this.markQuote(k.symbol, k.mark, k.last);
      if (q) this.deliver(ch, k.seq, ts, q);
    }
  }

  /** Sends the channel's snapshot now, or marks it owed while the socket is backed up. */
  private sendSnap(conn: Conn, ch: string, state: Channel): void {
    if (!this.writable(conn)) {
      if (this.conns.has(conn)) conn.stale.add(ch);
      return;
    }
    const data = this.snapshot(state.parsed);
    if (data instanceof Promise) this.sendSnapWhenRead(conn, ch, data);
    else this.writeSnap(conn, ch, this.source.channelSeq(state.parsed), data);
  }

  private writeSnap(conn: Conn, ch: string, seq: number, data: unknown): void {
    conn.socket.send(
      JSON.stringify({ op: 'snap', ch, seq, ts: this.source.now(), data } satisfies ServerMessage),
    );
  }

  /**
   * Sends a snapshot once it is read, with the seq reached by then (its deltas skip the connection meanwhile).
   * The read's last step (merging the live bar) and this callback run in one turn of the event loop, so no
   * feed step from the market's timer comes between them. A failed read leaves the snapshot owed (resync()).
   */
  private sendSnapWhenRead(conn: Conn, ch: string, read: Promise<unknown>): void {
    const token = {};
    conn.loading.set(ch, token);
    read.then(
      (data) => {
        if (conn.loading.get(ch) !== token) return;
        conn.loading.delete(ch);
        const state = this.channels.get(ch);
        if (!state || !conn.channels.has(ch)) return;
        if (this.writable(conn)) this.writeSnap(conn, ch, this.source.channelSeq(state.parsed), data);
        else if (this.conns.has(conn)) conn.stale.add(ch);
      },
      () => {
        if (conn.loading.get(ch) !== token) return;
        conn.loading.delete(ch);
        if (conn.channels.has(ch)) conn.stale.add(ch);
      },
    );
  }

  private deliver(ch: string, seq: number, ts: number, data: unknown): void {
    const state = this.channels.get(ch);
    if (!state) return;
    const text = JSON.stringify({ op: 'delta', ch, seq, ts, data });
    for (const conn of [...state.subs]) {
      if (conn.stale.has(ch) || conn.loading.has(ch)) continue;
      if (this.writable(conn)) conn.socket.send(text);
      else if (this.conns.has(conn)) conn.stale.add(ch);
    }
  }

  private onTick(tick: MarketTick): void {
    if (this.channels.size === 0) return;
    // The source's market was replaced: every held channel needs a fresh snapshot, not deltas.
    if (tick.resync) for (const conn of this.conns) for (const ch of conn.channels) conn.stale.add(ch);
    const byMarket = new Map<Market, unknown[]>();
    for (const u of tick.updates) {
      if (this.channels.has(tickersChannel(u.market))) {
        const list = byMarket.get(u.market) ?? [];
        list.push(u.ticker);
        byMarket.set(u.market, list);
      }
      const { seq, symbol } = u;
      this.deliver(`ticker:${symbol}`, seq, tick.ts, u.ticker);
      this.deliver(`trades:${symbol}`, seq, tick.ts, u.trades);
      if (this.channels.has(`book:${symbol}`)) {
        this.deliver(`book:${symbol}`, seq, tick.ts, u.bookDelta() ?? { b: [], a: [], t: tick.ts });
      }
      for (const [ch, state] of this.channels) {
        if (state.parsed.kind !== 'candles' || state.parsed.symbol !== symbol) continue;
        this.deliver(ch, seq, tick.ts, u.candles(state.parsed.interval));
      }
    }
    for (const [market, list] of byMarket) {
      const seq = tick.marketSeq[market];
      if (seq !== undefined) this.deliver(tickersChannel(market), seq, tick.ts, list);
    }
    this.resync();
  }

  /**
   * Owed snapshots go out once a slow connection's buffer has drained below half the high-water mark, and only
   * while it stays under the mark: the rest stay owed for the next tick.
   */
  private resync(): void {
    let total = 0;
    const heavy: Conn[] = [];
    for (const conn of [...this.conns]) {
      const buffered = conn.socket.bufferedAmount;
      total += buffered;
      if (buffered > this.opts.highWaterMark / 2) {
        heavy.push(conn);
        continue;
      }
      conn.backedUpSince = null;
      for (const ch of [...conn.stale]) {
        const state = this.channels.get(ch);
        if (!state) {
          conn.stale.delete(ch);
          continue;
        }
        if (!this.writable(conn)) break;
        conn.stale.delete(ch);
        this.sendSnap(conn, ch, state);
      }
    }
    this.enforceNodeBudget(total, heavy);
  }

  /** Many slow sockets together may not hold more than the node's budget: the most backed-up go first. */
  private enforceNodeBudget(total: number, heavy: Conn[]): void {
    if (total <= this.opts.nodeBudget) return;
    heavy.sort((a, b) => b.socket.bufferedAmount - a.socket.bufferedAmount);
    for (const conn of heavy) {
      if (total <= this.opts.nodeBudget) break;
      total -= conn.socket.bufferedAmount;
      this.drop(conn, 0, '');
    }
  }

  private heartbeat(): void {
    const ts = this.source.now();
    const now = this.opts.now();
    for (const conn of [...this.conns]) {
      // A connection that answered neither our last ping nor sent anything for a whole period is gone, and one
      // that has not read what it was sent for `stuckMs` is not coming back: drop both.
      const stuck = conn.backedUpSince !== null && now - conn.backedUpSince >= this.opts.stuckMs;
      if (!conn.alive || stuck) {
        this.drop(conn, 0, '');
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
      this.send(conn, { op: 'hb', ts });
    }
  }
}
