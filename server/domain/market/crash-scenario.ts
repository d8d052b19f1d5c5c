// A market-crash scenario (issue 16 item 7): a control for tests, benches and demos, never reachable by users
// (no route calls it; tests and tools reach it on the simulator object). A chosen pair falls or spikes by a
// percentage spread evenly, in log space, over the feed steps of a given number of seconds at the feed's rate,
// so under the live timer it takes those seconds and a test stepping by hand completes it in that many steps.
// Only the generator reads it: the step records carry the resulting prices, so replicas follow unchanged.

export interface Crash {
  /** log-price move added per step */
  perStep: number;
  /** steps left */
  left: number;
}

export class CrashScenarios {
  private readonly active = new Map<string, Crash>();

  /** Moves `symbol` by `pct` % (−15 = a 15 % fall) over `seconds` at `ticksPerSecond` feed steps a second. */
  start(symbol: string, pct: number, seconds: number, ticksPerSecond: number): void {
    if (!(pct > -100) || !Number.isFinite(pct) || !(seconds >= 0)) throw new RangeError('bad crash scenario');
    const steps = Math.max(1, Math.round(seconds * ticksPerSecond));
    this.active.set(symbol, { perStep: Math.log(1 + pct / 100) / steps, left: steps });
  }

  /** Whether the symbol is being moved (it then trades on every step). */
  moving(symbol: string): boolean {
    return this.active.has(symbol);
  }

  /** The log move for this step of the symbol (0 when none), counting the step. */
  take(symbol: string): number {
    const c = this.active.get(symbol);
    if (!c) return 0;
    c.left -= 1;
    if (c.left <= 0) this.active.delete(symbol);
    return c.perStep;
  }
}
