// RxJS wiring of the market feed, and nothing else: which source runs when (socket or polling fallback), the
// flush clocks (paused while hidden or resyncing), and socket liveness. State changes happen in the
// subscribers (market-service.ts → state/, calc/).
import {
  combineLatest,
  defer,
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  from,
  interval,
  map,
  Observable,
  scan,
  startWith,
  switchMap,
  timer,
} from 'rxjs';
import type { ServerMessage } from '../../protocol/market.ts';
import type { SocketEvent } from '../sources/socket.ts';

/**
 * Socket events → up/down (false until proven). Up means delivering: the first message after an open, not
 * the open itself — a server that accepts and drops at once must not keep stopping the polling fallback.
 */
export function socketUp(events$: Observable<SocketEvent>): Observable<boolean> {
  return events$.pipe(
    scan(
      (s, e) =>
        e.type === 'open'
          ? { opened: true, up: false }
          : e.type === 'close'
            ? { opened: false, up: false }
            : { opened: s.opened, up: s.opened },
      { opened: false, up: false },
    ),
    map((s) => s.up),
    startWith(false),
    distinctUntilChanged(),
  );
}

/** Normalise: text frames → server messages (malformed ones dropped). */
export function serverMessages(events$: Observable<SocketEvent>): Observable<ServerMessage> {
  return new Observable<ServerMessage>((sub) =>
    events$.subscribe((e) => {
      if (e.type !== 'message') return;
      const msg = parseServerMessage(e.data);
      if (msg) sub.next(msg);
    }),
  );
}

export function parseServerMessage(data: string): ServerMessage | null {
  try {
    const v = JSON.parse(data) as { op?: unknown };
    return v && typeof v === 'object' && typeof v.op === 'string' ? (v as ServerMessage) : null;
  } catch {
    return null;
  }
}

export interface PollingInput<R> {
  socketUp$: Observable<boolean>;
  hidden$: Observable<boolean>;
  /** From a failed connect or a drop to the first round. */
  fallbackMs: number;
  pollMs: number;
  /** One round; must settle (not reject) and honour the signal. */
  poll: (signal: AbortSignal) => Promise<R>;
}

/**
 * Poll rounds while the socket is down and the page visible. The first round comes `fallbackMs` after the
 * socket is lost (or never came), or at once when the page returns from hidden (resync). Rounds never overlap;
 * when the socket comes back (or the page hides) the running round is aborted and its answer never emitted.
 */
export function pollingStream<R>(input: PollingInput<R>): Observable<R> {
  const { socketUp$, hidden$, fallbackMs, pollMs, poll } = input;
  return combineLatest([socketUp$, hidden$]).pipe(
    scan((prev, [up, hidden]) => ({ up, hidden, returning: prev.hidden && !hidden }), {
      up: false,
      hidden: false,
      returning: false,
    }),
    distinctUntilChanged((a, b) => a.up === b.up && a.hidden === b.hidden),
    switchMap(({ up, hidden, returning }) =>
      up || hidden
        ? EMPTY
        : timer(returning ? 0 : fallbackMs, pollMs).pipe(
            exhaustMap(() =>
              defer(() => {
                const ac = new AbortController();
                return new Observable<R>((sub) => {
                  from(poll(ac.signal)).subscribe(sub);
                  return () => ac.abort();
                });
              }),
            ),
          ),
    ),
  );
}

/** A flush clock that stops while `paused$` is true. */
export function flushClock(paused$: Observable<boolean>, periodMs: number): Observable<number> {
  return paused$.pipe(
    distinctUntilChanged(),
    switchMap((paused) => (paused ? EMPTY : interval(periodMs))),
  );
}

export interface LivenessInput {
  socketUp$: Observable<boolean>;
  messages$: Observable<unknown>;
  pingMs: number;
  /** Silence (not even a heartbeat or pong) this long while up means a dead link. */
  livenessMs: number;
  now: () => number;
}

/**
 * While up: 'ping' every pingMs, and 'dead' once silence (no message at all) passes livenessMs. Silence is
 * checked on the ping clock rather than by re-arming a timer per message: at 10k messages/s a timer per
 * message would cost more than the messages.
 */
export function liveness(input: LivenessInput): Observable<'ping' | 'dead'> {
  const { socketUp$, messages$, pingMs, livenessMs, now } = input;
  return socketUp$.pipe(
    switchMap((up) => {
      if (!up) return EMPTY;
      return new Observable<'ping' | 'dead'>((sub) => {
        let last = now();
        const seen = messages$.subscribe(() => (last = now()));
        const clock = interval(Math.min(pingMs, livenessMs / 3)).subscribe(() => {
          if (now() - last >= livenessMs) sub.next('dead');
          else sub.next('ping');
        });
        return () => {
          seen.unsubscribe();
          clock.unsubscribe();
        };
      });
    }),
  );
}
