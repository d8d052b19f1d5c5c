// Orders accepted per second by one node, with full durability and every check of a real order: the session,
// the transaction password (guard record + check), the order transaction with its ledger postings, committed
// (SQLite WAL synchronous=FULL; PostgreSQL fsync=on, synchronous_commit on) before the answer. Market buys of
// qty 1 of a cheap PSX stock, from many users (so no single account's rows are the hot spot), over keep-alive
// HTTP from this process.
//   - closed loop: `concurrency` clients, each sending its next order when the last is answered: the most
//     the node accepts;
//   - open loop: orders sent at a fixed offered rate whatever the answers, latency from each order's scheduled
//     time (so a server that falls behind shows it in the latency, not in a lower offered rate).
import http from 'node:http';
import { percentile, round, sleep } from './support.ts';

export interface OrderTarget {
  url: string;
  tokens: string[];
  symbol: string;
  tradePassword: string;
}

export interface WindowResult {
  /** orders answered code 0 within the window, per second */
  acceptedPerSec: number;
  /** answers that were not code 0 (business refusals, busy), and transport failures */
  refused: number;
  failed: number;
  /** what the accepted orders came to (filled, partially filled, cancelled for want of liquidity …) */
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** refusal messages seen (first few distinct) */
  refusals: string[];
}

interface Answer {
  ok: boolean;
  failed: boolean;
  status: string;
  msg: string;
  endMs: number;
}

let orderCounter = 0;
const runTag = `${process.pid}-${Date.now().toString(36)}`;

function placeBuy(t: OrderTarget, agent: http.Agent, token: string): Promise<Answer> {
  const body = new URLSearchParams({
    symbol: t.symbol,
    type: 'market',
    qty: '1',
    clientOrderId: `b-${runTag}-${++orderCounter}`,
    tradePassword: t.tradePassword,
  }).toString();
  const u = new URL('/api/stock/order/buy', t.url);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        agent,
        headers: {
          accesstoken: token,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const endMs = performance.now();
          try {
            const a = JSON.parse(Buffer.concat(chunks).toString()) as {
              code: number;
              msg: string;
              data?: { status?: string };
            };
            resolve({ ok: a.code === 0, failed: false, status: a.data?.status ?? '', msg: a.msg, endMs });
          } catch {
            resolve({ ok: false, failed: true, status: '', msg: `HTTP ${res.statusCode}`, endMs });
          }
        });
        res.on('error', () => resolve({ ok: false, failed: true, status: '', msg: 'aborted', endMs: 0 }));
      },
    );
    req.on('error', (err) =>
      resolve({ ok: false, failed: true, status: '', msg: err.message, endMs: performance.now() }),
    );
    req.end(body);
  });
}

class Tally {
  readonly latencies: number[] = [];
  accepted = 0;
  refused = 0;
  failed = 0;
  readonly statuses: Record<string, number> = {};
  readonly refusals = new Set<string>();

  add(a: Answer, latencyMs: number): void {
    if (a.failed) this.failed++;
    else if (!a.ok) this.refused++;
    else {
      this.accepted++;
      this.statuses[a.status] = (this.statuses[a.status] ?? 0) + 1;
    }
    if (!a.ok && this.refusals.size < 5) this.refusals.add(a.msg);
    this.latencies.push(latencyMs);
  }

  result(windowMs: number): WindowResult {
    const sorted = Float64Array.from(this.latencies).sort();
    return {
      acceptedPerSec: round(this.accepted / (windowMs / 1000), 0),
      refused: this.refused,
      failed: this.failed,
      statuses: this.statuses,
      p50Ms: round(percentile(sorted, 50), 1),
      p99Ms: round(percentile(sorted, 99), 1),
      maxMs: round(sorted.length ? sorted[sorted.length - 1]! : NaN, 1),
      refusals: [...this.refusals],
    };
  }
}

/** `concurrency` clients back to back for warmUp + window; what was answered inside the window counts. */
export async function closedLoop(
  t: OrderTarget,
  opts: { concurrency: number; warmUpMs: number; windowMs: number },
): Promise<WindowResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const tally = new Tally();
  const t0 = performance.now();
  const from = t0 + opts.warmUpMs;
  const until = from + opts.windowMs;
  let next = 0;
  const client = async () => {
    while (performance.now() < until) {
      const token = t.tokens[next++ % t.tokens.length]!;
      const start = performance.now();
      const a = await placeBuy(t, agent, token);
      if (start >= from && a.endMs <= until) tally.add(a, a.endMs - start);
      if (a.failed) await sleep(10);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, client));
  agent.destroy();
  return tally.result(opts.windowMs);
}

export interface PacedResult extends WindowResult {
  offeredPerSec: number;
  /** orders of the window's schedule not sent because `maxInFlight` were already waiting (server far behind) */
  notSent: number;
  /** achieved under 95 % of offered: the server fell behind, and latencies then measure the client's full
   * queue (maxInFlight orders waiting), not the server's steady state */
  saturated: boolean;
}

/**
 * Orders at `rate` per second for warmUp + window, issued on schedule whatever the answers, over a fixed set of
 * `connections` keep-alive connections (opened in the warm-up; an order waits for a free one, as behind a
 * proxy: with a connection per waiting order, a hiccup opened hundreds of connections at once and gave
 * multi-second outliers that a fixed pool does not show). At most `maxInFlight` orders wait or run; those
 * scheduled inside the window count, latency measured from their scheduled time (the wait for a connection
 * included).
 */
export async function openLoop(
  t: OrderTarget,
  opts: { rate: number; warmUpMs: number; windowMs: number; connections?: number; maxInFlight?: number },
): Promise<PacedResult> {
  const maxInFlight = opts.maxInFlight ?? 256;
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections ?? 64 });
  const tally = new Tally();
  const t0 = performance.now();
  const from = t0 + opts.warmUpMs;
  const until = from + opts.windowMs;
  const interval = 1000 / opts.rate;
  let k = 0;
  let inFlight = 0;
  let notSent = 0;
  let answeredInWindow = 0;
  const pending: Promise<void>[] = [];
  for (;;) {
    const now = performance.now();
    if (now >= until) break;
    // Send every order whose time has come (a late timer sends a small burst, as a real crowd would).
    while (t0 + k * interval <= now) {
      const scheduled = t0 + k * interval;
      const token = t.tokens[k % t.tokens.length]!;
      k++;
      const counts = scheduled >= from;
      if (inFlight >= maxInFlight) {
        if (counts) notSent++;
        continue;
      }
      inFlight++;
      pending.push(
        placeBuy(t, agent, token).then((a) => {
          inFlight--;
          // Answers after the window still count for their latency (the offered load was in the window);
          // the achieved rate is what was accepted within the window, whenever it was sent.
          if (counts) tally.add(a, a.endMs - scheduled);
          if (a.ok && a.endMs >= from && a.endMs <= until) answeredInWindow++;
        }),
      );
    }
    await sleep(1);
  }
  // Wait for the stragglers (a server far behind: at most 15 s, so the next run starts on a drained server).
  await Promise.race([Promise.all(pending), sleep(15_000)]);
  agent.destroy();
  const r = tally.result(opts.windowMs);
  const acceptedPerSec = round(answeredInWindow / (opts.windowMs / 1000), 0);
  return {
    ...r,
    acceptedPerSec,
    offeredPerSec: opts.rate,
    notSent,
    saturated: acceptedPerSec < 0.95 * opts.rate,
  };
}
/** The cheapest listed PSX stock (price above 5) with a price, from the node's own list. */
export async function cheapStock(url: string): Promise<{ symbol: string; price: number }> {
  const res = await fetch(`${url}/api/stock/list?page=1&size=200&sort=price&order=asc`);
  const body = (await res.json()) as {
    code: number;
    msg: string;
    data?: { list: Array<{ symbol: string; ticker: { p: string } }> };
  };
  if (body.code !== 0 || !body.data) throw new Error(`stock/list: ${body.msg}`);
  const rows = body.data.list
    .map((r) => ({ symbol: r.symbol, price: Number(r.ticker.p) }))
    .filter((r) => r.price > 5)
    .sort((a, b) => a.price - b.price);
  if (!rows[0]) throw new Error('no listed stock above 5');
  return rows[0];
}
