// Helpers for the attack tests: users with cheap hashes (so a burst costs milliseconds), a gate that holds
// every scrypt run until the test opens it (so "in flight at once" is real, not a matter of machine speed),
// waiting for a condition instead of the clock, and the count of password checks that really ran scrypt.
import type { FastifyInstance } from 'fastify';
import { hashProbe, hashQueue } from '../../server/domain/auth/password-hash.ts';
import { createSession } from '../../server/domain/auth/sessions-repo.ts';
import { createUser } from '../../server/domain/auth/users-repo.ts';
import { uniquePhone, type TestApp } from './helpers.ts';
import { waitFor } from '../support/wait-for.ts';
import { cheapHash } from './trade/trade-helpers.ts';

export interface CheapUser {
  userId: number;
  /** As typed in the form (3XXXXXXXXX). */
  phone: string;
  password: string;
  token: string;
}

/** A user created directly with a cheap scrypt hash, and a session from `ip`. */
export async function cheapUser(t: TestApp, password = 'Karachi-123', ip = '127.0.0.1'): Promise<CheapUser> {
  const phone = uniquePhone();
  const userId = await createUser(t.db, {
    areaCode: '+92',
    phone: `+92${phone}`,
    passwordHash: cheapHash(password),
    invitedBy: null,
    demoFundsPaisa: t.config.demoFundsPaisa,
  });
  const s = await createSession(t.db, userId, 1, { ip, userAgent: 'test' });
  return { userId, phone, password, token: s.tokenDemo };
}

/** Password checks that ran scrypt so far (subtract a value read before the burst). */
export const verifies = (): number => hashProbe.verifies;

/** Hashes started or waiting in the queue (held runs included). */
export function inQueue(): number {
  const s = hashQueue.snapshot();
  return s.running + s.waiting.user + s.waiting.known + s.waiting.login + s.waiting.suspect;
}

/** Resolves once `cond` holds; polls on the event loop (no fixed sleep), fails after `ms`. */
export async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  await waitFor(cond, { timeoutMs: ms, intervalMs: 2, what: 'the condition' });
}

/** Holds every scrypt run at its start until `open()`; `close()` removes the hold for later tests. */
export function holdHashes(): { open(): void; close(): void } {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  hashProbe.hold = () => gate;
  return {
    open: () => release(),
    close: () => {
      release();
      hashProbe.hold = undefined;
    },
  };
}

/** Runs `calls` at once and tracks how many have answered, so a test can wait for the burst to settle. */
export function burst<T>(calls: Array<() => Promise<T>>): { settled: () => number; all: Promise<T[]> } {
  let done = 0;
  const all = Promise.all(calls.map((c) => c().finally(() => done++)));
  return { settled: () => done, all };
}

/** Sessions stored for a user (a successful login adds one). */
export async function sessionsOf(app: FastifyInstance, userId: number): Promise<number> {
  const row = await app.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
