// Redis for the server tests: the run's throw-away Redis in project `server-pg` (started by
// tests/support/services/global-setup.ts, shared by every file of the run, so each test keeps to keys and
// channels of its own: `uniquePrefix()`), none in project `server` (tests that need it are skipped there).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { testDialect } from './test-db.ts';

/** redis://127.0.0.1:PORT in project server-pg; undefined in project server. */
export function testRedisUrl(): string | undefined {
  return testDialect() === 'postgres' ? inject('redisUrl') : undefined;
}

/** The run's Redis URL, or a failed test saying the file should have been skipped. */
export function requireRedisUrl(): string {
  const url = testRedisUrl();
  if (!url) throw new Error('no Redis in this project: skip the test with describe.skipIf(!testRedisUrl())');
  return url;
}

/** A key or channel prefix no other test of the run uses, e.g. `t:1a2b3c4d:`. */
export function uniquePrefix(): string {
  return `t:${randomBytes(4).toString('hex')}:`;
}

/** A plain connection to the run's Redis, for a test's own commands (closed by the caller with quit()). */
export function testRedisClient(): Redis {
  return new Redis(requireRedisUrl(), { maxRetriesPerRequest: 2 });
}
