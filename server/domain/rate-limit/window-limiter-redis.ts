// The sliding-window limiter of window-limiter.ts kept in Redis, so every node counts into one window: one
// sorted set per key (a member per event, scored by its time), trimmed, counted and added to by one Lua script,
// so a check and its hit are atomic across nodes; takeTogether does the same for several limiters' keys in one
// script (code sending: per phone and per address, both or neither). Same answers as the in-memory form (the window slides; the
// wait is until the oldest event that still counts leaves it). Times are the calling node's clock.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateLimitRule } from '../../config.ts';
import type { RateLimiter } from './window-limiter.ts';

// KEYS[1] the key; ARGV: now, windowMs, max, mode ('peek' | 'hit' | 'take'), a unique member for a new event.
// Returns the wait in ms (0: may act now); 'hit' adds the event whatever the wait, 'take' only when it is 0.
const SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local mode = ARGV[4]
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local n = redis.call('ZCARD', KEYS[1])
local wait = 0
if n >= max then
  local oldest = redis.call('ZRANGE', KEYS[1], n - max, n - max, 'WITHSCORES')
  wait = math.max(1, tonumber(oldest[2]) + window - now)
end
if mode == 'hit' or (mode == 'take' and wait == 0) then
  redis.call('ZADD', KEYS[1], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[1], window)
end
return wait
`;

// Several limiters' keys at once (takeTogether): KEYS the keys; ARGV: now, a unique member, then windowMs and
// max of each key in turn. Adds the event to every key only when every wait is 0; returns the longest wait.
const SCRIPT_ALL = `
local now = tonumber(ARGV[1])
local longest = 0
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[1 + 2 * i])
  local max = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local n = redis.call('ZCARD', key)
  if n >= max then
    local oldest = redis.call('ZRANGE', key, n - max, n - max, 'WITHSCORES')
    longest = math.max(longest, math.max(1, tonumber(oldest[2]) + window - now))
  end
end
if longest == 0 then
  for i, key in ipairs(KEYS) do
    redis.call('ZADD', key, now, ARGV[2])
    redis.call('PEXPIRE', key, tonumber(ARGV[1 + 2 * i]))
  end
end
return longest
`;

type Mode = 'peek' | 'hit' | 'take';

interface WithWindowCommand {
  slidingWindow(
    key: string,
    now: number,
    windowMs: number,
    max: number,
    mode: Mode,
    member: string,
  ): Promise<number>;
  slidingWindowAll(keyCount: number, ...keysThenArgs: Array<string | number>): Promise<number>;
}

/** A member for an event at `now`: two events in the same millisecond are two members. */
const memberAt = (now: number) => `${now}:${randomBytes(6).toString('base64url')}`;

export class RedisWindowLimiter implements RateLimiter {
  private readonly redis: Redis & WithWindowCommand;

  constructor(
    readonly rule: RateLimitRule,
    redis: Redis,
    /** Key prefix of this limiter, e.g. `rl:captchaPerIp:`. */
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {
    if (!('slidingWindow' in redis)) redis.defineCommand('slidingWindow', { numberOfKeys: 1, lua: SCRIPT });
    // The number of keys varies: it is passed first on each call.
    if (!('slidingWindowAll' in redis)) redis.defineCommand('slidingWindowAll', { lua: SCRIPT_ALL });
    this.redis = redis as Redis & WithWindowCommand;
  }

  private run(key: string, mode: Mode): Promise<number> {
    const now = this.now();
    return this.redis.slidingWindow(
      this.prefix + key,
      now,
      this.rule.windowMs,
      this.rule.max,
      mode,
      memberAt(now),
    );
  }

  retryAfterMs(key: string): Promise<number> {
    return this.run(key, 'peek');
  }

  async hit(key: string): Promise<void> {
    await this.run(key, 'hit');
  }

  take(key: string): Promise<number> {
    return this.run(key, 'take');
  }

  takeTogether(key: string, more: ReadonlyArray<readonly [RateLimiter, string]>): Promise<number> {
    const all: Array<readonly [RedisWindowLimiter, string]> = [[this, key]];
    for (const [limiter, k] of more) {
      if (!(limiter instanceof RedisWindowLimiter) || limiter.redis !== this.redis)
        throw new Error('takeTogether: limiters on one Redis only');
      all.push([limiter, k]);
    }
    const now = this.now();
    return this.redis.slidingWindowAll(
      all.length,
      ...all.map(([l, k]) => l.prefix + k),
      now,
      memberAt(now),
      ...all.flatMap(([l]) => [l.rule.windowMs, l.rule.max]),
    );
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
