// Lock-outs of guessed secrets (`app.lockouts`) and the login gate (`app.loginGate`), at the root so every
// area and the tests reach them. A new secret (the withdrawal password) is one more AttemptGuard here with its
// rule in config.lockouts and a scope of its own in the attempt_guards table.
import type { Config } from '../config.ts';
import { HashBusyError } from '../domain/auth/hash-queue.ts';
import { LoginGate } from '../domain/auth/login-gate.ts';
import { hashQueue } from '../domain/auth/password-hash.ts';
import { AttemptGuard, AttemptRefused, MemoryAttemptStore } from '../domain/rate-limit/attempt-guard.ts';
import { DbAttemptStore } from '../domain/rate-limit/attempt-store-db.ts';
import { AppError } from '../errors.ts';
import { globalPlugin } from './global-plugin.ts';
import { refuseIfLimited } from './limits.ts';

export interface Lockouts {
  /** Login password per phone; user/update/password uses the same record (it guesses the same secret). */
  loginPerPhone: AttemptGuard;
  loginPerIp: AttemptGuard;
  /** Transaction password per user id, in the database. */
  tradePassword: AttemptGuard;
}

declare module 'fastify' {
  interface FastifyInstance {
    lockouts: Lockouts;
    loginGate: LoginGate;
  }
}

/** Turns a refused attempt into "try again in …" and a full hash queue into "service busy"; rethrows others. */
export function refuseLockout(err: unknown): never {
  if (err instanceof AttemptRefused) refuseIfLimited(err.waitMs);
  if (err instanceof HashBusyError) throw new AppError('common.busy');
  throw err;
}

/** Needs `app.rawDb` (register after the db plugin). */
export const lockoutsPlugin = globalPlugin<{ config: Config }>('lockouts', async (app, { config }) => {
  const l = config.lockouts;
  app.decorate('lockouts', {
    // Login records live in memory like the other limiters: a restart forgets them, which costs an
    // attacker a restart of ours; the transaction password's survive (as before this change).
    loginPerPhone: new AttemptGuard(l.loginPerPhone, new MemoryAttemptStore()),
    loginPerIp: new AttemptGuard(l.loginPerIp, new MemoryAttemptStore()),
    tradePassword: new AttemptGuard(l.tradePassword, new DbAttemptStore(app.rawDb, 'trade_password')),
  } satisfies Lockouts);
  app.decorate('loginGate', new LoginGate(config.loginInFlight, hashQueue));
});
