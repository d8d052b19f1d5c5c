// One client process of the fan-out bench (started by fanout.ts with an IPC channel): opens market sockets to
// a node, subscribes each to the bench's channels, and measures every delta's latency = receive time − the
// message's `ts` (the time of the feed step on the leader, same machine clock). Only the head of each frame is
// decoded (op, ch, seq, ts come first in the hub's JSON), so a client costs little CPU per message.
//
// Parent → child:  {cmd:'connect', port, count, channels}  → {type:'connected', open, failed, errors}
//                  {cmd:'measure', ms}                      → {type:'measured', hist, ... }
//                  {cmd:'close'}                            → exits
import WebSocket from 'ws';

interface ConnectCmd {
  cmd: 'connect';
  port: number;
  count: number;
  channels: string[];
}
interface MeasureCmd {
  cmd: 'measure';
  ms: number;
}
type Cmd = ConnectCmd | MeasureCmd | { cmd: 'close' };

/** 1 ms buckets up to 10 s, the last bucket holds everything later. */
const BUCKETS = 10_001;

const sockets: WebSocket[] = [];
let measuring = false;
let hist = new Uint32Array(BUCKETS);
let deltas = 0;
let snaps = 0;
let gaps = 0;
let bytes = 0;
let closedUnasked = 0;
let negative = 0;
const lastSeq = new Map<WebSocket, Map<string, number>>();

const HEAD = /^\{"op":"(\w+)"(?:,"ch":"([^"]+)","seq":(\d+))?,"ts":(\d+)/;

function onMessage(ws: WebSocket, data: Buffer): void {
  const head = HEAD.exec(data.toString('latin1', 0, Math.min(data.length, 120)));
  if (!head) return;
  const [, op, ch, seqText, tsText] = head;
  if (op === 'hb' || !ch) return;
  const seq = Number(seqText);
  let seqs = lastSeq.get(ws);
  if (!seqs) lastSeq.set(ws, (seqs = new Map()));
  if (op === 'snap') {
    seqs.set(ch, seq);
    snaps++;
    return;
  }
  if (op !== 'delta') return;
  const prev = seqs.get(ch);
  seqs.set(ch, seq);
  if (!measuring) return;
  if (prev !== undefined && seq !== prev + 1) gaps++;
  const latency = Date.now() - Number(tsText);
  if (latency < 0) negative++;
  hist[Math.min(BUCKETS - 1, Math.max(0, latency))]!++;
  deltas++;
  bytes += data.length;
}

function open(port: number, channels: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
      perMessageDeflate: false,
      skipUTF8Validation: true,
    });
    let settled = false;
    let opened = false;
    const done = (err: string | null) => {
      if (settled) return;
      settled = true;
      resolve(err);
    };
    ws.on('message', (data: Buffer) => onMessage(ws, data));
    ws.on('error', (err) => done(err.message));
    ws.once('unexpected-response', (_req, res) => done(`HTTP ${res.statusCode}`));
    ws.once('close', () => {
      if (opened && !closing) closedUnasked++;
      done('closed');
    });
    ws.once('open', () => {
      opened = true;
      ws.send(JSON.stringify({ op: 'sub', ch: channels }));
      sockets.push(ws);
      done(null);
    });
  });
}

let closing = false;

async function connect(c: ConnectCmd): Promise<void> {
  let next = 0;
  let failed = 0;
  const errors = new Map<string, number>();
  // A few hundred handshakes in flight at once: faster than one by one, gentler than all at once.
  const opener = async () => {
    while (next < c.count) {
      next++;
      const err = await open(c.port, c.channels);
      if (err) {
        failed++;
        errors.set(err, (errors.get(err) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: 100 }, opener));
  process.send!({
    type: 'connected',
    open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
    failed,
    errors: Object.fromEntries(errors),
  });
}

function measure(ms: number): void {
  hist = new Uint32Array(BUCKETS);
  deltas = 0;
  gaps = 0;
  bytes = 0;
  negative = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  measuring = true;
  setTimeout(() => {
    measuring = false;
    const cpu = process.cpuUsage(cpu0);
    const wallS = (performance.now() - t0) / 1000;
    // Sparse histogram: [latency ms, count] pairs.
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < BUCKETS; i++) if (hist[i]) pairs.push([i, hist[i]!]);
    process.send!({
      type: 'measured',
      hist: pairs,
      deltas,
      snaps,
      gaps,
      bytes,
      negative,
      closedUnasked,
      open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
      cpuPct: (100 * (cpu.user + cpu.system)) / 1e6 / wallS,
    });
  }, ms);
}

process.on('message', (m: Cmd) => {
  if (m.cmd === 'connect') void connect(m);
  else if (m.cmd === 'measure') measure(m.ms);
  else {
    closing = true;
    for (const s of sockets) s.terminate();
    setTimeout(() => process.exit(0), 200);
  }
});
process.on('disconnect', () => process.exit(0));
