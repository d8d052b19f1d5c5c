// Waiting for a condition instead of the clock (CONVENTIONS rule 16): `waitFor` polls a condition on a short
// interval and fails saying what it waited for; `collectMessages` records a socket's messages and waits for
// one that matches; `pingPong` waits until the server has answered a ping sent now, so every message the
// server sent before it has arrived (both of our sockets answer {op:'ping', t} with {op:'pong', t}).
import type WebSocket from 'ws';

export interface WaitOptions {
  /** give up after this long (default 5 s) */
  timeoutMs?: number | undefined;
  /** what is awaited, for the failure message; a function is called only on failure (for current state) */
  what: string | (() => string);
  /** polling interval (default 10 ms) */
  intervalMs?: number | undefined;
}

/**
 * Resolves once `cond` holds, with the milliseconds it took; rejects after `timeoutMs` saying `what`. An async
 * condition (a database read) is awaited each time, never taken as true for being a promise.
 */
export async function waitFor(
  cond: () => boolean | Promise<boolean>,
  { timeoutMs = 5_000, what, intervalMs = 10 }: WaitOptions,
): Promise<number> {
  const start = Date.now();
  while (!(await cond())) {
    if (Date.now() - start > timeoutMs) {
      const said = typeof what === 'function' ? what() : what;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${said}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return Date.now() - start;
}

export interface MessageLog<M> {
  /** every message received so far, in order */
  msgs: M[];
  /** the first message (already received or still to come) that matches `pred` */
  waitFor(pred: (m: M) => boolean, opts?: Partial<WaitOptions>): Promise<M>;
}

/** Records every JSON message of `ws` from now on. */
export function collectMessages<M extends { op: string }>(ws: WebSocket): MessageLog<M> {
  const msgs: M[] = [];
  ws.on('message', (raw) => msgs.push(JSON.parse(String(raw)) as M));
  return {
    msgs,
    waitFor: async (pred, { timeoutMs, intervalMs, what = 'a matching message' } = {}) => {
      let hit: M | undefined;
      await waitFor(() => (hit = msgs.find(pred)) !== undefined, {
        timeoutMs,
        intervalMs,
        what: () =>
          `${typeof what === 'function' ? what() : what}; got ${JSON.stringify(msgs.map((m) => m.op))}`,
      });
      return hit!;
    },
  };
}

let pings = 0;

/** Sends a ping and waits for its pong: whatever the server sent before answering it has been received. */
export async function pingPong<M extends { op: string }>(ws: WebSocket, log: MessageLog<M>): Promise<void> {
  const t = 900_000_000 + ++pings;
  ws.send(JSON.stringify({ op: 'ping', t }));
  await log.waitFor((m) => m.op === 'pong' && (m as { t?: unknown }).t === t, {
    what: `the pong to ping ${t}`,
  });
}
