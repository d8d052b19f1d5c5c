// When the funds deal (forward pricing): at each PSX close, the cut-off being the close itself; or, with
// FUND_DEALING_MS set (demos, browser tests), every that many ms of clock time.
import { expiresAt, lastPsxClose } from '../trading/day-orders.ts';

export interface Dealing {
  /** the dealing point a request made at `now` is priced at: the first one after it */
  next(now: number): number | null;
  /** the latest dealing point at or before `now` */
  last(now: number): number | null;
}

export function dealingOf(everyMs: number): Dealing {
  if (everyMs > 0)
    return {
      next: (now) => (Math.floor(now / everyMs) + 1) * everyMs,
      last: (now) => Math.floor(now / everyMs) * everyMs,
    };
  return { next: expiresAt, last: lastPsxClose };
}
