// Test doubles for the market worker: a scriptable socket, a fake REST server, and ticker builders.
import type { AccountClientFrame } from '../../../contract/ws.ts';
import type { ClientMessage, ServerMessage, Ticker } from '../../../workers/protocol/market.ts';
import type { WorkerBatch } from '../../../workers/protocol/worker-api.ts';
import type { FetchLike } from '../../../workers/market/sources/rest.ts';
import type { FeedSocket, SocketEvent, SocketFactory } from '../../../workers/market/sources/socket.ts';

export class FakeSocket implements FeedSocket {
  isOpen = false;
  closed = false;
  readonly sent: (ClientMessage | AccountClientFrame)[] = [];
  reconnects = 0;
  /** Answer pings with pongs, as the server does (false: a silent drop, the link is open and mute). */
  pongs = true;
  constructor(
    private readonly emit: (e: SocketEvent) => void,
    readonly url = '',
  ) {}
  open(): void {
    this.isOpen = true;
    this.emit({ type: 'open' });
  }
  drop(): void {
    this.isOpen = false;
    this.emit({ type: 'close' });
  }
  send(msg: ClientMessage | AccountClientFrame): void {
    if (!this.isOpen) return;
    this.sent.push(msg);
    if (msg.op === 'ping' && this.pongs && 't' in msg) {
      const t = msg.t;
      queueMicrotask(() => this.isOpen && this.pongs && this.push({ op: 'pong', t, ts: t }));
    }
  }
  reconnect(): void {
    this.reconnects++;
    this.drop();
  }
  close(): void {
    this.isOpen = false;
    this.closed = true;
  }
  push(msg: ServerMessage): void {
    this.emit({ type: 'message', data: JSON.stringify(msg) });
  }
  /** Channels named in `op` messages since the last call. */
  takeOps(op: 'sub' | 'unsub'): string[] {
    const out: string[] = [];
    for (const m of this.sent.splice(0)) if (m.op === op) out.push(...(m.ch ?? []));
    return out;
  }
}

/** Sockets by kind: the market socket (/api/ws) and the account socket (/api/ws/account, one per account). */
export function fakeSocketFactory(): {
  factory: SocketFactory;
  socket: () => FakeSocket;
  accountSocket: () => FakeSocket;
  all: FakeSocket[];
} {
  const all: FakeSocket[] = [];
  const last = (account: boolean) => all.filter((s) => s.url.endsWith('/account') === account).at(-1)!;
  return {
    factory: (url, emit) => {
      const s = new FakeSocket(emit, url);
      all.push(s);
      return s;
    },
    socket: () => last(false),
    accountSocket: () => last(true),
    all,
  };
}

/** A REST server answering from `routes` (path → data or a function of the form body); `down` fails all. */
export class FakeRest {
  down = false;
  /** Answers -1000 (the session ended) to every call. */
  sessionEnded = false;
  /** While set, answers wait for it (a slow network). */
  hold: Promise<void> | null = null;
  readonly calls: string[] = [];
  /** The access token each call carried ('' without one). */
  readonly tokens: string[] = [];
  constructor(readonly routes: Record<string, (params: URLSearchParams) => unknown>) {}
  readonly fetch: FetchLike = async (url, init) => {
    const u = new URL(url, 'http://test/');
    const path = u.pathname.replace(/^\/api\//, '');
    this.calls.push(path);
    this.tokens.push(init.headers['accesstoken'] ?? '');
    if (this.hold) await this.hold;
    if (this.down || init.signal?.aborted) throw new TypeError('network down');
    if (this.sessionEnded) {
      return { ok: true, status: 200, json: async () => ({ code: -1000, msg: 'sign in' }) };
    }
    const params = init.method === 'GET' ? u.searchParams : new URLSearchParams(init.body ?? '');
    const route = this.routes[path];
    const body = route ? { code: 0, msg: 'ok', data: route(params) } : { code: -1001, msg: 'unknown' };
    return { ok: true, status: 200, json: async () => body };
  };
}

export function ticker(s: string, p: string, t: number, extra: Partial<Ticker> = {}): Ticker {
  return {
    s,
    p,
    o: '100.00',
    h: p,
    l: p,
    pc: '100.00',
    c: '0.00',
    cp: '0.00',
    v: '1000',
    q: '100000.00',
    b: '0',
    a: '0',
    st: 'open',
    t,
    ...extra,
  };
}

/** Collects batches and exposes the ticker rows per symbol in arrival order. */
export function batchLog() {
  const batches: WorkerBatch[] = [];
  return {
    batches,
    listener: (b: WorkerBatch) => void batches.push(b),
    clear: () => void batches.splice(0),
  };
}

/** A socket snap / delta message for a channel, stamped now. */
export function snap(ch: string, seq: number, data: unknown) {
  return { op: 'snap' as const, ch, seq, ts: Date.now(), data };
}
export function delta(ch: string, seq: number, data: unknown) {
  return { op: 'delta' as const, ch, seq, ts: Date.now(), data };
}
