// The market WebSocket hub: channel subscriptions per connection, a snapshot then deltas with a per-channel
// sequence number, heartbeats, and backpressure. A slow connection (socket buffer above the high-water mark)
// does not queue deltas: its channels are marked stale and, once the buffer drains, each gets one fresh
// snapshot instead — memory per connection stays bounded and the client state stays exact.

import type { Lang } from '../../../workers/protocol/api.ts';
import {
  MAX_WS_CHANNELS,
  WS_HEARTBEAT_MS,
  parseChannel,
  tickersChannel,
  type ClientMessage,
  type Market,
  type ParsedChannel,
  type ServerMessage,
} from '../../../workers/protocol/market.ts';
import type { MarketSource, MarketTick } from '../../domain/market/market-source.ts';
import { marketText } from './market-messages.ts';

/** The part of a `ws` WebSocket the hub uses (kept small so tests can fake it). */
export interface WsLike {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string): void;
  ping(): void;
  terminate(): void;
}

export interface HubOptions {
  heartbeatMs?: number;
  /** bytes buffered in the socket above which deltas are dropped and a snapshot is owed */
  highWaterMark?: number;
  maxChannels?: number;
  /** bars in a candles snapshot */
  candleSnapshot?: number;
}

interface Conn {
  socket: WsLike;
  lang: Lang;
  channels: Set<string>;
  stale: Set<string>;
  alive: boolean;
}

interface Channel {
  parsed: ParsedChannel;
  seq: number;
  subs: Set<Conn>;
}

const OPEN = 1;
const MAX_MESSAGE_BYTES = 16 * 1024;

export class MarketHub {
  private readonly conns = new Set<Conn>();
  private readonly channels = new Map<string, Channel>();
  private readonly opts: Required<HubOptions>;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly source: MarketSource,
    opts: HubOptions = {},
  ) {
    this.opts = {
      heartbeatMs: opts.heartbeatMs ?? WS_HEARTBEAT_MS,
      highWaterMark: opts.highWaterMark ?? 1_000_000,
      maxChannels: opts.maxChannels ?? MAX_WS_CHANNELS,
      candleSnapshot: opts.candleSnapshot ?? 300,
    };
    this.unsubscribe = source.subscribe((tick) => this.onTick(tick));
    this.timer = setInterval(() => this.heartbeat(), this.opts.heartbeatMs);
    this.timer.unref();
  }

  get connectionCount(): number {
    return this.conns.size;
  }

  close(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const c of this.conns) c.socket.terminate();
    this.conns.clear();
    this.channels.clear();
  }

  /** Registers a connection; the caller forwards its messages to `message`, pongs to `pong`, close to `detach`. */
  attach(socket: WsLike, lang: Lang) {
    const conn: Conn = { socket, lang, channels: new Set(), stale: new Set(), alive: true };
    this.conns.add(conn);
    return {
      message: (raw: string) => this.onMessage(conn, raw),
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

  private send(conn: Conn, msg: ServerMessage): void {
    if (conn.socket.readyState === OPEN) conn.socket.send(JSON.stringify(msg));
  }

  private onMessage(conn: Conn, raw: string): void {
    conn.alive = true;
    let msg: ClientMessage;
    try {
      if (raw.length > MAX_MESSAGE_BYTES) throw new Error('too large');
      msg = JSON.parse(raw) as ClientMessage;
    } catch {
      return this.send(conn, { op: 'err', msg: marketText(conn.lang, 'errors.badMessage') });
    }
    if (msg.op === 'ping')
      return this.send(conn, { op: 'pong', t: Number(msg.t) || 0, ts: this.source.now() });
    if ((msg.op !== 'sub' && msg.op !== 'unsub') || !Array.isArray(msg.ch)) {
      return this.send(conn, { op: 'err', msg: marketText(conn.lang, 'errors.badMessage') });
    }
    // Bounded work per message: past twice the channel limit every name would be refused anyway.
    const names = msg.ch
      .filter((c): c is string => typeof c === 'string')
      .slice(0, 2 * this.opts.maxChannels);
    if (msg.op === 'unsub') {
      for (const ch of names) this.leave(conn, ch);
      return this.send(conn, { op: 'unsubd', ch: names });
    }
    for (const ch of names) this.join(conn, ch);
  }

  private join(conn: Conn, ch: string): void {
    const parsed = parseChannel(ch);
    const known = parsed && (parsed.kind === 'tickers' || this.source.instrument(parsed.symbol));
    if (!parsed || !known) {
      return this.send(conn, { op: 'err', ch, msg: marketText(conn.lang, 'errors.unknownChannel', { ch }) });
    }
    if (!conn.channels.has(ch) && conn.channels.size >= this.opts.maxChannels) {
      const msg = marketText(conn.lang, 'errors.tooManyChannels', { max: this.opts.maxChannels });
      return this.send(conn, { op: 'err', ch, msg });
    }
    let state = this.channels.get(ch);
    if (!state) {
      state = { parsed, seq: 0, subs: new Set() };
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
    const state = this.channels.get(ch);
    if (!state) return;
    state.subs.delete(conn);
    if (state.subs.size === 0) this.channels.delete(ch);
  }

  private snapshot(p: ParsedChannel): unknown {
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
    }
  }

  private sendSnap(conn: Conn, ch: string, state: Channel): void {
    this.send(conn, {
      op: 'snap',
      ch,
      seq: state.seq,
      ts: this.source.now(),
      data: this.snapshot(state.parsed),
    });
  }

  private deliver(ch: string, ts: number, data: unknown): void {
    const state = this.channels.get(ch);
    if (!state) return;
    state.seq += 1;
    const text = JSON.stringify({ op: 'delta', ch, seq: state.seq, ts, data });
    for (const conn of state.subs) {
      if (conn.stale.has(ch) || conn.socket.readyState !== OPEN) continue;
      if (conn.socket.bufferedAmount > this.opts.highWaterMark) conn.stale.add(ch);
      else conn.socket.send(text);
    }
  }

  private onTick(tick: MarketTick): void {
    if (this.channels.size === 0) return;
    const byMarket = new Map<Market, unknown[]>();
    for (const u of tick.updates) {
      if (this.channels.has(tickersChannel(u.market))) {
        const list = byMarket.get(u.market) ?? [];
        list.push(u.ticker);
        byMarket.set(u.market, list);
      }
      this.deliver(`ticker:${u.symbol}`, tick.ts, u.ticker);
      if (u.trades.length > 0) this.deliver(`trades:${u.symbol}`, tick.ts, u.trades);
      if (this.channels.has(`book:${u.symbol}`)) {
        const delta = u.bookDelta();
        if (delta) this.deliver(`book:${u.symbol}`, tick.ts, delta);
      }
      for (const [ch, state] of this.channels) {
        if (state.parsed.kind !== 'candles' || state.parsed.symbol !== u.symbol) continue;
        const bars = u.candles(state.parsed.interval);
        if (bars.length > 0) this.deliver(ch, tick.ts, bars);
      }
    }
    for (const [market, list] of byMarket) this.deliver(tickersChannel(market), tick.ts, list);
    this.resync();
  }

  /** Owed snapshots go out once a slow connection's buffer has drained below half the high-water mark. */
  private resync(): void {
    for (const conn of this.conns) {
      if (conn.stale.size === 0 || conn.socket.bufferedAmount > this.opts.highWaterMark / 2) continue;
      for (const ch of conn.stale) {
        const state = this.channels.get(ch);
        if (state) this.sendSnap(conn, ch, state);
      }
      conn.stale.clear();
    }
  }

  private heartbeat(): void {
    const ts = this.source.now();
    for (const conn of this.conns) {
      // A connection that answered neither our last ping nor sent anything for a whole period is gone.
      if (!conn.alive) {
        conn.socket.terminate();
        this.detach(conn);
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
      this.send(conn, { op: 'hb', ts });
    }
  }
}
