// RxJS wiring of the market feed, and nothing else: which source runs when (socket or polling fallback), the
// flush clocks (paused while hidden or resyncing), and socket liveness. State changes happen in the
// subscribers (market-service.ts → state/, calc/).
import {
  asyncScheduler,
  combineLatest,
  defer,
  distinctUntilChanged,
  EMPTY,
  interval,
  map,
  Observable,
  of,
  scan,
  startWith,
  type Subscription,
  switchMap,
  timer,
} from 'rxjs';
import { backoffDelay, type BackoffPolicy } from '../calc/backoff.ts';
import { jitterDraw } from '../sources/jitter.ts';
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
  /** The device's network as the page and the worker hear it (navigator.onLine); absent = always online. */
  online$?: Observable<boolean>;
  /** From a failed connect or a drop to the first round. */
  fallbackMs: number;
  pollMs: number;
  /** One round; must settle (not reject) and honour the signal. */
  poll: (signal: AbortSignal) => Promise<R>;
  /** A round that delivered nothing: the next one waits longer (backoff), until a round delivers. */
  failed?: (r: R) => boolean;
  /** Retry delays after failed rounds (default: from pollMs, doubling, capped at POLL_BACKOFF_CAP_MS). */
  backoff?: BackoffPolicy;
  /** [0, 1) draws for the backoff's jitter (tests pass a fixed one). */
  random?: () => number;
}

/** The longest wait between two failed polling rounds. */
export const POLL_BACKOFF_CAP_MS = 30_000;

/**
 * Poll rounds while the socket is down, the page visible and the device online. The first round comes
 * `fallbackMs` after the socket is lost (or never came), or at once when the page returns from hidden or the
 * device comes back online (resync). Rounds never overlap and keep a `pollMs` pace while they deliver; after
 * rounds that failed the next waits longer (exponential with jitter, capped), and coming back online starts
 * over. When the socket comes back (or the page hides, or the device goes offline) the running round is
 * aborted and its answer never emitted.
 */
export function pollingStream<R>(input: PollingInput<R>): Observable<R> {
  const { socketUp$, hidden$, fallbackMs, pollMs, poll } = input;
  const online$ = input.online$ ?? of(true);
  const policy = input.backoff ?? { baseMs: pollMs, capMs: Math.max(pollMs, POLL_BACKOFF_CAP_MS) };
  const random = input.random ?? jitterDraw;
  const failed = input.failed ?? (() => false);
  return defer(() => {
    // Failures in a row survive a socket that flaps (the network is still as bad); online resets them.
    let failures = 0;
    return combineLatest([socketUp$, hidden$, online$]).pipe(
      scan(
        (prev, [up, hidden, online]) => ({
          up,
          hidden,
          online,
          resync: (prev.hidden && !hidden) || (!prev.online && online),
        }),
        { up: false, hidden: false, online: true, resync: false },
      ),
      distinctUntilChanged((a, b) => a.up === b.up && a.hidden === b.hidden && a.online === b.online),
      switchMap(({ up, hidden, online, resync }) => {
        if (up || hidden || !online) return EMPTY;
        if (resync) failures = 0;
        return new Observable<R>((sub) => {
          let wait: Subscription | null = null;
          let ac: AbortController | null = null;
          const schedule = (ms: number) => {
            wait = timer(ms).subscribe(round);
          };
          const round = () => {
            const started = asyncScheduler.now();
            const controller = (ac = new AbortController());
            void poll(controller.signal).then((r) => {
              if (controller.signal.aborted || sub.closed) return;
              ac = null;
              sub.next(r);
              // The answer may have ended the stream (a session the server ended): nothing more is due.
              if (sub.closed) return;
              failures = failed(r) ? failures + 1 : 0;
              const elapsed = asyncScheduler.now() - started;
              schedule(failures ? backoffDelay(failures, policy, random) : Math.max(0, pollMs - elapsed));
            });
          };
          schedule(resync ? 0 : fallbackMs);
          return () => {
            wait?.unsubscribe();
            ac?.abort();
          };
        });
      }),
    );
  });
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

export interface SilenceInput {
  socketUp$: Observable<boolean>;
  messages$: Observable<unknown>;
  /** Hidden or resyncing: nothing is expected, nothing is judged. */
  paused$: Observable<boolean>;
  /** Silence this long on an open socket: probe it with a ping (again every probeMs while silent). */
  probeMs: number;
  /** Silence this long: the socket is not delivering (it stays open; livenessMs closes it later). */
  quietMs: number;
  now: () => number;
}

/**
 * A silent drop (the path dies without a close: a phone between cells, a NAT that forgets the flow) leaves the
 * socket open and mute until liveness gives up on it. The market socket normally carries several messages a
 * second (crypto trades round the clock; the server's heartbeat every 10 s besides), so silence of more than a
 * second is probed with a ping, whose pong a live link returns at once, and silence past quietMs is reported as
 * 'quiet': the feed then reads as down and polling takes over until the socket is 'heard' again, without
 * closing a socket that may only be slow. Checked on a half-second clock, never per message.
 */
export function silence(input: SilenceInput): Observable<'probe' | 'quiet' | 'heard'> {
  const { socketUp$, messages$, paused$, probeMs, quietMs, now } = input;
  const tickMs = Math.min(500, probeMs / 2);
  return defer(() => {
    let quiet = false;
    const reset = (): Observable<'heard'> => {
      if (!quiet) return EMPTY;
      quiet = false;
      return of('heard' as const);
    };
    return combineLatest([socketUp$, paused$]).pipe(
      switchMap(([up, paused]) => {
        if (!up || paused) return reset();
        return new Observable<'probe' | 'quiet' | 'heard'>((sub) => {
          reset().subscribe((e) => sub.next(e));
          let last = now();
          let probed = last;
          const seen = messages$.subscribe(() => {
            last = now();
            if (quiet) {
              quiet = false;
              sub.next('heard');
            }
          });
          const clock = interval(tickMs).subscribe(() => {
            const t = now();
            if (t - last >= quietMs && !quiet) {
              quiet = true;
              sub.next('quiet');
            }
            if (t - last >= probeMs && t - probed >= probeMs) {
              probed = t;
              sub.next('probe');
            }
          });
          return () => {
            seen.unsubscribe();
            clock.unsubscribe();
          };
        });
      }),
    );
  });
}
