// Ends DAY orders at the PSX close on a wall-clock timer, so expiry does not wait for the market feed: a stalled
// feed runs no engine step, and the engine's own pass after a close would come late or never.
import { expiresAt } from './day-orders.ts';

/** The engine's call that ends what the latest close left open, and does nothing when no close is new. */
export interface DayOrderExpiry {
  expireIfDue(now: number): Promise<unknown>;
}

/**
 * The longest wait between two looks. A timer counts monotonic time while the close is a wall-clock instant, so
 * a clock that is set or jumps (a laptop's sleep, NTP) would make one long wait miss the close; a failed pass
 * is also retried after at most this long.
 */
export const MAX_WAIT_MS = 60_000;

/**
 * Arms a timer for the next PSX close (at most MAX_WAIT_MS away), runs `target.expireIfDue` when it fires and
 * arms again (after the pass, so two never overlap). The timer is unref'd: it never keeps the process alive.
 * Returns the function that stops it, whose promise resolves once a pass in progress has ended. A failing pass
 * is reported, never thrown, and the timer goes on.
 */
export function startDayOrderTimer(
  target: DayOrderExpiry,
  now: () => number,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const arm = () => {
    const at = now();
    const close = expiresAt(at);
    const wait = close === null ? MAX_WAIT_MS : Math.min(MAX_WAIT_MS, Math.max(0, close - at));
    timer = setTimeout(run, wait);
    timer.unref();
  };
  const run = () => {
    running = (async () => {
      try {
        await target.expireIfDue(now());
      } catch (err) {
        onError(err);
      }
      if (!stopped) arm();
    })();
  };
  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
    return running;
  };
}
