// Sliding-window counters per key (phone, IP, user): at most `rule.max` events in any `rule.windowMs`. The
// interface is async because the shared form lives in Redis (window-limiter-redis.ts, several nodes); this is
// the in-memory form for one node, whose methods do all their work before returning.
import type { RateLimitRule } from '../../config.ts';

export interface RateLimiter {
  readonly rule: RateLimitRule;
  /** Milliseconds until `key` may act again; 0 when it may act now. */
  retryAfterMs(key: string): Promise<number>;
  /** Records one event for `key`, allowed or not. */
  hit(key: string): Promise<void>;
  /** Records an event if allowed; returns the wait in ms when refused (and then records nothing). Atomic. */
  take(key: string): Promise<number>;
  /**
   * take() for `key` here and for each (limiter, key) of `more` at once: records an event in every one when
   * all allow it, else nothing, and returns the longest wait (0: taken). Atomic, so two parallel callers at
   * the limit cannot both pass a check before either records. The limiters must be of this one kind (on
   * one Redis).
   */
  takeTogether(key: string, more: ReadonlyArray<readonly [RateLimiter, string]>): Promise<number>;
  /** Forgets `key` (tests, an operator). */
  reset(key: string): Promise<void>;
}

export class WindowLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.rule.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  private waitNow(key: string): number {
    const list = this.recent(key);
    if (list.length < this.rule.max) return 0;
    const oldest = list[list.length - this.rule.max] ?? this.now();
    return Math.max(1, oldest + this.rule.windowMs - this.now());
  }

  private hitNow(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.hits.set(key, list);
    if (this.hits.size > 50_000) this.prune();
  }

  async retryAfterMs(key: string): Promise<number> {
    return this.waitNow(key);
  }

  async hit(key: string): Promise<void> {
    this.hitNow(key);
  }

  async take(key: string): Promise<number> {
    const wait = this.waitNow(key);
    if (wait === 0) this.hitNow(key);
    return wait;
  }

  async takeTogether(key: string, more: ReadonlyArray<readonly [RateLimiter, string]>): Promise<number> {
    const all: Array<readonly [WindowLimiter, string]> = [[this, key]];
    for (const [limiter, k] of more) {
      if (!(limiter instanceof WindowLimiter)) throw new Error('takeTogether: limiters of one kind only');
      all.push([limiter, k]);
    }
    // No await between the checks and the hits: nothing else runs in between.
    const wait = Math.max(...all.map(([l, k]) => l.waitNow(k)));
    if (wait === 0) for (const [l, k] of all) l.hitNow(k);
    return wait;
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  private prune(): void {
    for (const key of [...this.hits.keys()]) this.recent(key);
  }
}
