// The lock-out guard's behaviour on an injected clock, as one suite to run against every store (memory in
// tests/unit/rate-limit, the database and Redis in tests/server/attempt-stores.test.ts): free tries, then waits
// that double to a cap; tries counted before their check, so parallel checks never exceed the allowance; a
// success keeps earlier failures; quiet time forgets them; a check without a verdict gives its try back.
import { describe, expect, it } from 'vitest';
import {
  AttemptGuard,
  AttemptRefused,
  type AttemptStore,
} from '../../server/domain/rate-limit/attempt-guard.ts';
import { delayAfter, type BackoffRule } from '../../server/domain/rate-limit/attempt-rules.ts';
import { waitFor } from './wait-for.ts';

export const rule: BackoffRule = { free: 3, baseDelayMs: 1_000, maxDelayMs: 8_000, forgetAfterMs: 60_000 };

export function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

/** A check the test settles by hand, to hold many "in flight" at once. */
export function deferred() {
  let resolve!: (v: boolean) => void;
  const promise = new Promise<boolean>((r) => (resolve = r));
  return { promise, resolve };
}

/** The wait an attempt is refused with, or 0 when it was admitted. */
export async function refusedWait(attempt: () => Promise<unknown>): Promise<number> {
  try {
    await attempt();
  } catch (err) {
    if (err instanceof AttemptRefused) return err.waitMs;
    throw err;
  }
  return 0;
}

/**
 * Fires `n` checks of `key` at once, each held until the test resolves it; resolves once every one has either
 * reached its check or been refused, with the number that reached it and the outcomes to come.
 */
export async function heldBurst(g: AttemptGuard, key: string, n: number) {
  const held = Array.from({ length: n }, () => deferred());
  let checks = 0;
  let refused = 0;
  const running = held.map((d) =>
    g
      .check(key, () => {
        checks++;
        return d.promise;
      })
      .catch((err: unknown) => {
        if (err instanceof AttemptRefused) refused++;
        throw err;
      }),
  );
  // Settled from the start, so a refusal is never an unhandled rejection while the test waits.
  const results = Promise.allSettled(running);
  await waitFor(() => checks + refused === n, { what: () => `${checks} checks + ${refused} refused = ${n}` });
  return { held, results, checks: () => checks };
}

export function attemptGuardSuite(name: string, makeStore: () => AttemptStore) {
  describe(name, () => {
    it('admits only the free tries from a burst, because each is counted before its check', async () => {
      const c = clock();
      const g = new AttemptGuard(rule, makeStore(), c.now);
      const burst = await heldBurst(g, 'k', 50);
      // all 50 are in flight or refused before any verdict: only the free ones reached their check
      expect(burst.checks()).toBe(3);
      for (const d of burst.held) d.resolve(false);
      const results = await burst.results;
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(47);
      expect(await g.failures('k')).toBe(3);
    });

    it('waits base, then twice as long after each further failure, up to the cap', async () => {
      const c = clock();
      const g = new AttemptGuard(rule, makeStore(), c.now);
      for (let i = 0; i < 3; i++) await g.check('k', async () => false);
      const waits: number[] = [];
      for (let i = 0; i < 6; i++) {
        const w = await g.waitMs('k');
        waits.push(w);
        expect(await refusedWait(() => g.enter('k'))).toBe(w);
        c.t += w;
        await g.check('k', async () => false);
      }
      expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
      expect(delayAfter(2, rule)).toBe(0);
    });

    it('lets one check at a time through once the free tries are spent', async () => {
      const c = clock();
      const g = new AttemptGuard(rule, makeStore(), c.now);
      for (let i = 0; i < 3; i++) await g.check('k', async () => false);
      c.t += 1_000;
      const d = deferred();
      let started = false;
      const first = g.check('k', () => {
        started = true;
        return d.promise;
      });
      await waitFor(() => started, { what: 'the first check to start' });
      expect(await refusedWait(() => g.enter('k'))).toBeGreaterThan(0);
      d.resolve(false);
      expect(await first).toBe(false);
      expect(await g.waitMs('k')).toBe(2_000);
    });

    it('keeps earlier failures after a success, and forgets them after a quiet spell', async () => {
      const c = clock();
      const g = new AttemptGuard(rule, makeStore(), c.now);
      await g.check('k', async () => false);
      await g.check('k', async () => false);
      expect(await g.check('k', async () => true)).toBe(true);
      expect(await g.failures('k')).toBe(2);
      expect(await g.freeLeft('k')).toBe(1);
      await g.check('k', async () => false);
      expect(await g.waitMs('k')).toBe(1_000);
      // the owner who waits and gets it right may go on at once; the failures stay
      c.t += 1_000;
      expect(await g.check('k', async () => true)).toBe(true);
      expect(await g.check('k', async () => true)).toBe(true);
      expect(await g.failures('k')).toBe(3);
      c.t += rule.forgetAfterMs;
      expect(await g.failures('k')).toBe(0);
      expect(await g.freeLeft('k')).toBe(3);
    });

    it('gives the try back when the check has no verdict (e.g. the hash queue is full)', async () => {
      const g = new AttemptGuard(rule, makeStore(), clock().now);
      await expect(g.check('k', () => Promise.reject(new Error('busy')))).rejects.toThrow('busy');
      expect(await g.freeLeft('k')).toBe(3);
    });

    it('answers a remembered success from a read, refused while the key waits, counted while others run', async () => {
      const c = clock();
      const store = makeStore();
      let writes = 0;
      const counting: AttemptStore = {
        read: (key) => store.read(key),
        update: (key, change) => {
          writes++;
          return store.update(key, change);
        },
      };
      const g = new AttemptGuard(rule, counting, c.now);
      const never = () => Promise.reject(new Error('a remembered success runs no check'));
      // nothing on record, then two failures on record: either way nothing to write
      expect(await g.check('k', never, () => true)).toBe(true);
      await g.check('k', async () => false);
      await g.check('k', async () => false);
      const before = writes;
      expect(await g.check('k', never, () => true)).toBe(true);
      expect(writes).toBe(before);
      expect(await g.failures('k')).toBe(2);
      // while the key must wait, even a remembered success is refused (no oracle then)
      await g.check('k', async () => false);
      expect(await refusedWait(() => g.check('k', never, () => true))).toBe(1_000);
      // with a check in flight the remembered success is counted and settled like any other
      c.t += 1_000;
      const d = deferred();
      let started = false;
      const running = g.check('k', () => {
        started = true;
        return d.promise;
      });
      await waitFor(() => started, { what: 'the first check to start' });
      expect(
        await refusedWait(() =>
          g.check(
            'k',
            async () => true,
            () => true,
          ),
        ),
      ).toBeGreaterThan(0);
      d.resolve(true);
      expect(await running).toBe(true);
      expect(await g.failures('k')).toBe(3);
    });

    it('clear forgets the key, and keys do not share records', async () => {
      const g = new AttemptGuard(rule, makeStore(), clock().now);
      for (let i = 0; i < 3; i++) await g.check('a', async () => false);
      expect(await g.waitMs('a')).toBe(1_000);
      expect(await g.freeLeft('b')).toBe(3);
      await g.clear('a');
      expect(await g.failures('a')).toBe(0);
      expect(await g.waitMs('a')).toBe(0);
    });
  });
}
