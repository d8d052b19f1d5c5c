// A token bucket: `capacity` units at most, refilled at `perSecond`; pure arithmetic on an injected clock.
// Used to bound what one WebSocket may ask of the server per second (frames, and the snapshots they cause).

export interface BucketRule {
  capacity: number;
  perSecond: number;
}

export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rule: BucketRule,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = rule.capacity;
    this.at = now();
  }

  /** Takes `cost` units if the bucket holds them; false (and nothing taken) otherwise. */
  take(cost = 1): boolean {
    const t = this.now();
    const elapsed = Math.max(0, t - this.at) / 1000;
    this.tokens = Math.min(this.rule.capacity, this.tokens + elapsed * this.rule.perSecond);
    this.at = t;
    if (cost > this.tokens) return false;
    this.tokens -= cost;
    return true;
  }
}
