// The customer-service chat (`app.serviceChat`, domain/service-chat/): its fan-out over the bus, its
// per-sender message limit (CHAT_PER_MINUTE) and the limit on guest sessions per address, both counted in
// Redis when the nodes share one, so a sender cannot multiply its budget by spreading over nodes.
import fp from 'fastify-plugin';
import { CHAT_PER_MINUTE } from '../../contract/service.ts';
import type { RateLimitRule } from '../config.ts';
import { WindowLimiter, type RateLimiter } from '../domain/rate-limit/window-limiter.ts';
import { RedisWindowLimiter } from '../domain/rate-limit/window-limiter-redis.ts';
import { ChatHub } from '../domain/service-chat/chat-hub.ts';
import { ChatService } from '../domain/service-chat/chat-service.ts';
import { redisKey } from '../domain/cluster/cluster-name.ts';

/** Guest chat sessions one address may start in an hour (each also costs a captcha). */
export const GUEST_SESSIONS_PER_HOUR = 10;
/** Messages one operator may send in a minute (across all the conversations they answer). */
export const OPERATOR_PER_MINUTE = 1200;

declare module 'fastify' {
  interface FastifyInstance {
    serviceChat: ChatService;
    serviceChatGuestLimit: RateLimiter;
  }
}

export const serviceChatPlugin = fp(
  async (app) => {
    const redis = app.redis;
    const make = (rule: RateLimitRule, name: string): RateLimiter =>
      redis
        ? new RedisWindowLimiter(rule, redis, redisKey(app.config, `rl:${name}:`))
        : new WindowLimiter(rule);
    const hub = new ChatHub(app.bus, (err) => app.log.warn({ err }, 'service chat: a delivery failed'));
    app.addHook('onClose', async () => hub.close());
    const limits = {
      user: make({ max: CHAT_PER_MINUTE, windowMs: 60_000 }, 'chatPerConversation'),
      operator: make({ max: OPERATOR_PER_MINUTE, windowMs: 60_000 }, 'chatPerOperator'),
    };
    app.decorate('serviceChat', new ChatService(app.db, hub, limits));
    app.decorate(
      'serviceChatGuestLimit',
      make({ max: GUEST_SESSIONS_PER_HOUR, windowMs: 3_600_000 }, 'chatGuestPerIp'),
    );
  },
  { name: 'service-chat', dependencies: ['config', 'db', 'redis', 'bus'] },
);
