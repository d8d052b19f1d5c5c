// Lock-outs of guessed secrets (`app.lockouts`) and the login gate (`app.loginGate`), at the root so every
// area and the tests reach them. A new secret is one more AttemptGuard here (as the withdrawal password is) with its
// rule in config.lockouts and a scope of its own in the attempt_guards table.
//
// Across nodes: the login lock-outs live in Redis when there is one (every node counts into one record per
// phone and per address), else in memory; the transaction password's live in the database either way. The
// login gate (in-flight places per address and phone) stays per node on purpose: it protects this node's hash
// queue (its CPU), which is per node too; the number of guesses is bounded by the shared lock-outs, which count
// every attempt before its hash runs. A shared gate would cost a Redis round trip per login and, when a node
// dies holding places, lock a phone out until they expired; per node, a caller gets at most the cap times the
// number of nodes in flight, all of it still counted by the lock-outs.
import { HashBusyError } from '../domain/auth/hash-queue.ts';
import { LoginGate } from '../domain/auth/login-gate.ts';
import { hashQueue } from '../domain/auth/password-hash.ts';
import { AttemptGuard, AttemptRefused, MemoryAttemptStore } from '../domain/rate-limit/attempt-guard.ts';
import { DbAttemptStore } from '../domain/rate-limit/attempt-store-db.ts';
import { RedisAttemptStore } from '../domain/rate-limit/attempt-store-redis.ts';
import type { BackoffRule } from '../domain/rate-limit/attempt-rules.ts';
import { AppError } from '../errors.ts';
import fp from 'fastify-plugin';
import { refuseIfLimited } from './limits.ts';
import { redisKey } from '../domain/cluster/cluster-name.ts';

export interface Lockouts {
  /** Login password per phone; user/update/password uses the same record (it guesses the same secret). */
  loginPerPhone: AttemptGuard;
  loginPerIp: AttemptGuard;
  /** Transaction password per user id, in the database. */
  tradePassword: AttemptGuard;
  /** The offline deposit channel password per user id, in the database. */
  channelPassword: AttemptGuard;
  /** Withdrawal password per user id, in the database. */
  withdrawPassword: AttemptGuard;
  /** The operator console's login, per username and per address, in the database (routes/console/). */
  consolePerUser: AttemptGuard;
  consolePerIp: AttemptGuard;
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

export const lockoutsPlugin = fp(
  async (app) => {
    const { lockouts: l, loginInFlight } = app.config;
    const redis = app.redis;
    // Login records: in Redis with several nodes; in memory on one node, like the other limiters (a restart
    // forgets them, which costs an attacker a restart of ours). The transaction password's survive restarts.
    const loginStore = (scope: string, rule: BackoffRule) =>
      redis
        ? new RedisAttemptStore(redis, redisKey(app.config, `lockout:${scope}:`), rule.forgetAfterMs)
        : new MemoryAttemptStore();
    app.decorate('lockouts', {
      loginPerPhone: new AttemptGuard(l.loginPerPhone, loginStore('login_phone', l.loginPerPhone)),
      loginPerIp: new AttemptGuard(l.loginPerIp, loginStore('login_ip', l.loginPerIp)),
      tradePassword: new AttemptGuard(l.tradePassword, new DbAttemptStore(app.db, 'trade_password')),
      channelPassword: new AttemptGuard(l.channelPassword, new DbAttemptStore(app.db, 'channel_password')),
      withdrawPassword: new AttemptGuard(l.withdrawPassword, new DbAttemptStore(app.db, 'withdraw_password')),
      consolePerUser: new AttemptGuard(l.consolePerUser, new DbAttemptStore(app.db, 'console_user')),
      consolePerIp: new AttemptGuard(l.consolePerIp, new DbAttemptStore(app.db, 'console_ip')),
    } satisfies Lockouts);
    app.decorate('loginGate', new LoginGate(loginInFlight, hashQueue));
  },
  { name: 'lockouts', dependencies: ['config', 'db', 'redis'] },
);
