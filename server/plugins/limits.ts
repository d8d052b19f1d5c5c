// Rate limits: a per-IP flood guard on every /api call (@fastify/rate-limit, HTTP 429) and named
// sliding-window limiters that routes consult for code sending, captchas and sign-ups. Password guesses
// (login, transaction password) have lock-outs of their own: plugins/lockouts.ts.
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import { WindowLimiter } from '../domain/rate-limit/window-limiter.ts';
import { AppError } from '../errors.ts';
import { CODE_BUSINESS } from '../../workers/protocol/api.ts';
import { globalPlugin } from './global-plugin.ts';

export interface Limiters {
  codeSendPerPhone: WindowLimiter;
  codeSendPerIp: WindowLimiter;
  captchaPerIp: WindowLimiter;
  registerPerIp: WindowLimiter;
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

/** Decorates `app.limits` (at the root, so tests and every area can reach the limiters). */
export const limitersPlugin = globalPlugin<{ config: Config }>('limiters', async (app, { config }) => {
  const l = config.limits;
  app.decorate('limits', {
    codeSendPerPhone: new WindowLimiter(l.codeSendPerPhone),
    codeSendPerIp: new WindowLimiter(l.codeSendPerIp),
    captchaPerIp: new WindowLimiter(l.captchaPerIp),
    registerPerIp: new WindowLimiter(l.registerPerIp),
  } satisfies Limiters);
});

/** The per-IP flood guard for every route of the context it is registered in (the /api context). */
export const floodGuardPlugin = globalPlugin<{ config: Config }>('flood-guard', async (app, { config }) => {
  const l = config.limits;
  await app.register(rateLimit, {
    max: l.apiPerIp.max,
    timeWindow: l.apiPerIp.windowMs,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new AppError('rateLimit.waitSeconds', { seconds: Math.ceil(context.ttl / 1000) }, CODE_BUSINESS, 429),
  });
});
