// Sliding-window counters per key (phone, IP, user) in memory: enough for one server process.
import type { RateLimitRule } from '../../config.ts';

export class WindowLimiter {
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

  /** Milliseconds until `key` may act again; 0 when it may act now. */
  retryAfterMs(key: string): number {
    const list = this.recent(key);
    if (list.length < this.rule.max) return 0;
    const oldest = list[list.length - this.rule.max] ?? this.now();
    return Math.max(1, oldest + this.rule.windowMs - this.now());
  }

  /** Records one event for `key`. */
  hit(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.hits.set(key, list);
    if (this.hits.size > 50_000) this.prune();
  }

  /** Records an event if allowed; returns the wait in ms when refused (and then records nothing). */
  take(key: string): number {
    const wait = this.retryAfterMs(key);
    if (wait === 0) this.hit(key);
    return wait;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(): void {
    for (const key of [...this.hits.keys()]) this.recent(key);
  }
}
