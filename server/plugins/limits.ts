// Rate limits: a per-IP flood guard on every /api call (@fastify/rate-limit, HTTP 429) and named
// sliding-window limiters that routes consult for code sending, captchas and sign-ups. With Redis (several
// nodes) both count in Redis, so a flood spread over the nodes is one flood; on a single node, in memory.
// Password guesses (login, transaction password) have lock-outs of their own: plugins/lockouts.ts.
import rateLimit from '@fastify/rate-limit';
import { WindowLimiter, type RateLimiter } from '../domain/rate-limit/window-limiter.ts';
import { RedisWindowLimiter } from '../domain/rate-limit/window-limiter-redis.ts';
import { AppError } from '../errors.ts';
import { CODE_BUSINESS } from '../../workers/protocol/api.ts';
import fp from 'fastify-plugin';
import { redisKey } from '../domain/cluster/cluster-name.ts';

export interface Limiters {
  codeSendPerPhone: RateLimiter;
  codeSendPerIp: RateLimiter;
  captchaPerIp: RateLimiter;
  registerPerIp: RateLimiter;
  kycSubmitPerUser: RateLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limiters;
  }
}

/** Refuses with "too many attempts, try again in N minutes/seconds" when `waitMs` > 0. */
export function refuseIfLimited(waitMs: number): void {
  if (waitMs <= 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  if (seconds > 90) throw new AppError('rateLimit.waitMinutes', { minutes: Math.ceil(seconds / 60) });
  throw new AppError('rateLimit.waitSeconds', { seconds });
}

/**
 * Decorates `app.limits` (at the root, so tests and every area can reach the limiters). Needs `app.redis`
 * (register after the redis plugin). A limiter whose Redis is down throws: the call is refused, not let through
 * (these guard SMS costs and sign-ups).
 */
export const limitersPlugin = fp(
  async (app) => {
    const l = app.config.limits;
    const redis = app.redis;
    const make = (name: keyof Limiters): RateLimiter =>
      redis
        ? new RedisWindowLimiter(l[name], redis, redisKey(app.config, `rl:${name}:`))
        : new WindowLimiter(l[name]);
    app.decorate('limits', {
      codeSendPerPhone: make('codeSendPerPhone'),
      codeSendPerIp: make('codeSendPerIp'),
      captchaPerIp: make('captchaPerIp'),
      registerPerIp: make('registerPerIp'),
      kycSubmitPerUser: make('kycSubmitPerUser'),
    } satisfies Limiters);
  },
  { name: 'limiters', dependencies: ['config', 'redis'] },
);

/**
 * The per-IP flood guard for every route of the context it is registered in (the /api context). With Redis it
 * uses @fastify/rate-limit's Redis store (a fixed window per address, shared by the nodes); while Redis is down
 * it lets calls through (skipOnError): the guard is coarse, and losing it briefly beats refusing every call.
 */
export const floodGuardPlugin = fp(
  async (app) => {
    const l = app.config.limits;
    await app.register(rateLimit, {
      max: l.apiPerIp.max,
      timeWindow: l.apiPerIp.windowMs,
      keyGenerator: (request) => request.ip,
      ...(app.redis
        ? { redis: app.redis, nameSpace: redisKey(app.config, 'rl:api:'), skipOnError: true }
        : {}),
      errorResponseBuilder: (_request, context) =>
        new AppError('rateLimit.waitSeconds', { seconds: Math.ceil(context.ttl / 1000) }, CODE_BUSINESS, 429),
    });
  },
  { name: 'flood-guard', dependencies: ['config', 'redis', 'envelope'] },
);
