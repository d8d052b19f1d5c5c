// The last year of daily bars per symbol, kept in memory beside the database so that info() (the 52-week
// range, which the trading engine reads on every order) stays synchronous: loaded at start, then every
// daily bar the simulator writes is laid over it, so it holds what the table holds for that year.

import type { Bar } from './candles.ts';

export class YearBars {
  private readonly bySymbol = new Map<string, Bar[]>();

  /** The stored bars of a symbol, oldest → newest. */
  load(symbol: string, bars: readonly Bar[]): void {
    this.bySymbol.set(
      symbol,
      bars.map((b) => ({ ...b })),
    );
  }

  /** Inserts or replaces the bar of its day (a copy: the live daily bar goes on changing). */
  put(symbol: string, bar: Bar): void {
    let list = this.bySymbol.get(symbol);
    if (!list) this.bySymbol.set(symbol, (list = []));
    let i = list.length;
    while (i > 0 && list[i - 1]!.t > bar.t) i--;
    if (i > 0 && list[i - 1]!.t === bar.t) list[i - 1] = { ...bar };
    else list.splice(i, 0, { ...bar });
  }

  /** Bars with from ≤ t ≤ to, oldest → newest. */
  within(symbol: string, from: number, to: number): Bar[] {
    return (this.bySymbol.get(symbol) ?? []).filter((b) => b.t >= from && b.t <= to);
  }

  /** Forgets bars older than `before` (nothing asks for them any more). */
  trim(before: number): void {
    for (const [symbol, list] of this.bySymbol) {
      const keep = list.findIndex((b) => b.t >= before);
      this.bySymbol.set(symbol, keep < 0 ? [] : list.slice(keep));
    }
  }
}
