// Pure rules of the password lock-outs (login, password change, transaction password, later the withdrawal
// password): a few free attempts, then waits that double up to a cap. No I/O: attempt-guard.ts applies them to
// a store atomically.
//
// Why these rules:
// - An attempt is COUNTED when it is admitted, before the hash runs (as if it had failed), so a burst of
//   parallel guesses can never get more hash checks than the allowance: admission compares the count,
//   which already includes the checks in flight.
// - A success only gives back its own reservation: the failures before it stay until the record is forgotten
//   (no activity for `forgetAfterMs`), so the owner logging in does not hand an attacker fresh free guesses.
// - Past the free attempts the next one waits `baseDelayMs`, then twice that, … up to `maxDelayMs`, measured
//   from the latest counted attempt, so only one check at a time gets through and five requests cannot lock a
//   user out for long.

export interface BackoffRule {
  /** Wrong attempts allowed without any wait. */
  free: number;
  /** Wait before the first attempt past the free ones; doubles with every further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A record with no counted attempt for this long is forgotten. */
  forgetAfterMs: number;
}

export interface AttemptRecord {
  /** Failed checks still remembered. */
  failures: number;
  /** Attempts admitted and not yet settled (their checks are in flight); counted like failures. */
  pending: number;
  /** When the back-off is measured from: the latest admitted or failed attempt (Unix ms). */
  since: number;
  /** The latest failure (Unix ms), where `since` returns when a success gives back its reservation. */
  lastFailureAt: number;
}

export const EMPTY_RECORD: AttemptRecord = { failures: 0, pending: 0, since: 0, lastFailureAt: 0 };

export type Outcome = 'success' | 'failure' | 'void';

const counted = (r: AttemptRecord): number => r.failures + r.pending;

/** The record as it stands at `now` (forgotten after a quiet `forgetAfterMs`). */
export function current(rec: AttemptRecord, rule: BackoffRule, now: number): AttemptRecord {
  return counted(rec) > 0 && now - rec.since < rule.forgetAfterMs ? rec : EMPTY_RECORD;
}

/** The wait before the next attempt once `count` attempts are counted (0 within the free ones). */
export function delayAfter(count: number, rule: BackoffRule): number {
  if (count < rule.free) return 0;
  // 2^30 is far beyond any cap; the bound keeps the power finite.
  return Math.min(rule.baseDelayMs * 2 ** Math.min(count - rule.free, 30), rule.maxDelayMs);
}

/** Milliseconds until an attempt would be admitted; 0 when it would be admitted now. */
export function waitMs(rec: AttemptRecord, rule: BackoffRule, now: number): number {
  const r = current(rec, rule, now);
  const n = counted(r);
  if (n < rule.free) return 0;
  return Math.max(0, r.since + delayAfter(n, rule) - now);
}

export type Admission = { ok: true; next: AttemptRecord } | { ok: false; waitMs: number };

/** Admits and counts one attempt, or says how long to wait. */
export function admit(rec: AttemptRecord, rule: BackoffRule, now: number): Admission {
  const wait = waitMs(rec, rule, now);
  if (wait > 0) return { ok: false, waitMs: wait };
  const r = current(rec, rule, now);
  return { ok: true, next: { ...r, pending: r.pending + 1, since: now } };
}

/**
 * Settles an admitted attempt. `failure` turns it into a failure and restarts the wait from now; `success`
 * gives back the reservation and, when nothing else is in flight, measures the wait from the last failure
 * again (the owner may go on at once); `void` (no hash was run, e.g. the queue refused it) only gives back
 * the reservation.
 */
export function settle(rec: AttemptRecord, outcome: Outcome, now: number): AttemptRecord {
  const pending = Math.max(0, rec.pending - 1);
  if (outcome === 'failure') {
    return { failures: rec.failures + 1, pending, since: Math.max(rec.since, now), lastFailureAt: now };
  }
  const next = { ...rec, pending };
  if (outcome === 'success' && pending === 0) next.since = rec.lastFailureAt;
  return counted(next) > 0 ? next : EMPTY_RECORD;
}

/** Failures still remembered at `now` (for "n attempts left" and for telling suspect callers apart). */
export function failuresAt(rec: AttemptRecord, rule: BackoffRule, now: number): number {
  return current(rec, rule, now).failures;
}

/** Attempts left before the waits start (0 once they have), in-flight ones included. */
export function freeLeft(rec: AttemptRecord, rule: BackoffRule, now: number): number {
  if (waitMs(rec, rule, now) > 0) return 0;
  return Math.max(0, rule.free - counted(current(rec, rule, now)));
}
