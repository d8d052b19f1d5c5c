// The lock-out rules and the guard on an injected clock: free tries, then waits that double to a cap; tries
// counted before their check, so parallel checks never exceed the allowance; a success keeps earlier failures;
// quiet time forgets them; the database store survives a new guard (a restart) and behaves the same.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../support/raw-db.ts';
import {
  AttemptGuard,
  AttemptRefused,
  MemoryAttemptStore,
  type AttemptStore,
} from '../../../server/domain/rate-limit/attempt-guard.ts';
import { delayAfter, type BackoffRule } from '../../../server/domain/rate-limit/attempt-rules.ts';
import { DbAttemptStore } from '../../../server/domain/rate-limit/attempt-store-db.ts';

const rule: BackoffRule = { free: 3, baseDelayMs: 1_000, maxDelayMs: 8_000, forgetAfterMs: 60_000 };

function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

/** A check the test settles by hand, to hold many "in flight" at once. */
function deferred() {
  let resolve!: (v: boolean) => void;
  const promise = new Promise<boolean>((r) => (resolve = r));
  return { promise, resolve };
}

const refusedWait = (fn: () => unknown): number => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AttemptRefused) return err.waitMs;
    throw err;
  }
  return 0;
};

function suite(name: string, makeStore: () => AttemptStore) {
  describe(name, () => {
    it('admits only the free tries from a burst, because each is counted before its check', async () => {
      const c = clock();
      const g = new AttemptGuard(rule, makeStore(), c.now);
      const held = Array.from({ length: 50 }, () => deferred());
      let checks = 0;
      const running = held.map((d) =>
        g.check('k', () => {
          checks++;
          return d.promise;
        }),
      );
      // all 50 are in flight before any verdict: only the free ones reached their check
      expect(checks).toBe(3);
      for (const d of held) d.resolve(false);
      const results = await Promise.allSettled(running);
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(47);
      expect(g.failures('k')).toBe(3);
    });

    it('waits base, then twice as long after each further failure, up to the cap', async () => {
      const c = clock();
      const g = new AttemptGuard(rule, makeStore(), c.now);
      for (let i = 0; i < 3; i++) await g.check('k', async () => false);
      const waits: number[] = [];
      for (let i = 0; i < 6; i++) {
        const w = g.waitMs('k');
        waits.push(w);
        expect(refusedWait(() => g.enter('k'))).toBe(w);
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
      const first = g.check('k', () => d.promise);
      expect(refusedWait(() => g.enter('k'))).toBeGreaterThan(0);
      d.resolve(false);
      expect(await first).toBe(false);
      expect(g.waitMs('k')).toBe(2_000);
    });

    it('keeps earlier failures after a success, and forgets them after a quiet spell', async () => {
      const c = clock();
      const g = new AttemptGuard(rule, makeStore(), c.now);
      await g.check('k', async () => false);
      await g.check('k', async () => false);
      expect(await g.check('k', async () => true)).toBe(true);
      expect(g.failures('k')).toBe(2);
      expect(g.freeLeft('k')).toBe(1);
      await g.check('k', async () => false);
      expect(g.waitMs('k')).toBe(1_000);
      // the owner who waits and gets it right may go on at once; the failures stay
      c.t += 1_000;
      expect(await g.check('k', async () => true)).toBe(true);
      expect(await g.check('k', async () => true)).toBe(true);
      expect(g.failures('k')).toBe(3);
      c.t += rule.forgetAfterMs;
      expect(g.failures('k')).toBe(0);
      expect(g.freeLeft('k')).toBe(3);
    });

    it('gives the try back when the check has no verdict (e.g. the hash queue is full)', async () => {
      const g = new AttemptGuard(rule, makeStore(), clock().now);
      await expect(g.check('k', () => Promise.reject(new Error('busy')))).rejects.toThrow('busy');
      expect(g.freeLeft('k')).toBe(3);
    });
  });
}

suite('in memory', () => new MemoryAttemptStore());

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attempt-guard-'));
const db = openDb(dir);
let scope = 0;
suite('in the database', () => new DbAttemptStore(db, `test_${++scope}`));

it('a database record outlives the guard that wrote it (a restart does not reset the lock-out)', async () => {
  const c = clock();
  const a = new AttemptGuard(rule, new DbAttemptStore(db, 'restart'), c.now);
  for (let i = 0; i < 3; i++) await a.check('7', async () => false);
  const b = new AttemptGuard(rule, new DbAttemptStore(db, 'restart'), c.now);
  expect(b.waitMs('7')).toBe(1_000);
  expect(new AttemptGuard(rule, new DbAttemptStore(db, 'other'), c.now).waitMs('7')).toBe(0);
});
