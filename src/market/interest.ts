// Reference counts of what the app has on screen (interest keys of protocol/worker-api.ts). Components add
// and remove keys freely; the worker hears only 0 → 1 and 1 → 0 changes, gathered per microtask so a scroll
// step or React's strict-mode double effect (remove + add in one tick) costs one message or none.
import type { InterestKey } from '../../workers/protocol/worker-api.ts';

export type InterestSink = (subscribe: InterestKey[], unsubscribe: InterestKey[]) => void;

export class InterestCounter {
  private readonly counts = new Map<InterestKey, number>();
  private readonly toSub = new Set<InterestKey>();
  private readonly toUnsub = new Set<InterestKey>();
  private scheduled = false;

  constructor(
    private readonly sink: InterestSink,
    // A bare reference would call queueMicrotask with this object as `this` (Illegal invocation).
    private readonly schedule: (run: () => void) => void = (run) => queueMicrotask(run),
  ) {}

  add(keys: readonly InterestKey[]): void {
    for (const k of keys) {
      const n = (this.counts.get(k) ?? 0) + 1;
      this.counts.set(k, n);
      if (n === 1 && !this.toUnsub.delete(k)) this.toSub.add(k);
    }
    this.later();
  }

  remove(keys: readonly InterestKey[]): void {
    for (const k of keys) {
      const n = (this.counts.get(k) ?? 0) - 1;
      if (n > 0) {
        this.counts.set(k, n);
        continue;
      }
      if (n < 0) continue;
      this.counts.delete(k);
      if (!this.toSub.delete(k)) this.toUnsub.add(k);
    }
    this.later();
  }

  count(key: InterestKey): number {
    return this.counts.get(key) ?? 0;
  }

  /** Sends what is pending now (the scheduled run calls this too). */
  flush(): void {
    this.scheduled = false;
    if (!this.toSub.size && !this.toUnsub.size) return;
    const sub = [...this.toSub];
    const unsub = [...this.toUnsub];
    this.toSub.clear();
    this.toUnsub.clear();
    this.sink(sub, unsub);
  }

  private later(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }
}
