// Mark prices of the crypto pairs (contract/perp/mark.ts): index = the pair's last price, premium = EMA of
// (book mid − index) over market steps. Every node feeds it the same steps in the same order (the simulator's
// and replicas' ticks), so every node has the same mark; before a pair's first step its mark is its last price.
import { MARK_START, markOf, stepMark, type MarkState } from '../../../contract/perp/mark.ts';
import type { MarketSource, MarketTick } from '../market/market-source.ts';
import { perpPair, quoteOf, type PerpMarket, type PerpPair } from './perp-grid.ts';

export interface MarkTick {
  symbol: string;
  mark: bigint;
  last: bigint;
}

/** A mark from a market step, with the symbol's update counter (the seq of its `mark:<SYM>` delta). */
export interface MarkStep extends MarkTick {
  seq: number;
}

/** Hears one step's new marks, with the step's time. */
export type MarkListener = (marks: MarkStep[], ts: number) => void;

export class MarkBook {
  private readonly states = new Map<string, MarkState>();
  private readonly pairs = new Map<string, PerpPair | null>();

  constructor(private readonly market: PerpMarket) {}

  pair(symbol: string): PerpPair | null {
    let p = this.pairs.get(symbol);
    if (p === undefined) this.pairs.set(symbol, (p = perpPair(this.market, symbol)));
    return p;
  }

  /** Steps every crypto pair updated by the tick; returns their new marks. */
  onTick(tick: Pick<MarketTick, 'updates'>): MarkStep[] {
    const out: MarkStep[] = [];
    for (const u of tick.updates) {
      if (u.market !== 'crypto') continue;
      const pair = this.pair(u.symbol);
      const q = pair && quoteOf(this.market, pair);
      if (!pair || !q) continue;
      const s = stepMark(this.states.get(u.symbol) ?? MARK_START, q.last, (q.bid + q.ask) / 2n);
      this.states.set(u.symbol, s);
      out.push({ symbol: u.symbol, mark: markOf(s, q.last), last: q.last, seq: u.seq });
    }
    return out;
  }

  /** The pair's mark now (its last price before any step), null when the feed has no price. */
  mark(symbol: string): bigint | null {
    const pair = this.pair(symbol);
    const q = pair && quoteOf(this.market, pair);
    if (!q) return null;
    return markOf(this.states.get(symbol) ?? MARK_START, q.last);
  }

  private readonly listeners = new Set<MarkListener>();

  /** Hears every step's new marks (the engine, the market socket's `mark:<SYM>` channels) without stepping them again. */
  listen(listener: MarkListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Follows the feed (once per book: each step must be applied once); returns the unsubscribe function. */
  follow(source: Pick<MarketSource, 'subscribe'>): () => void {
    return source.subscribe((tick) => {
      const marks = this.onTick(tick);
      if (marks.length) for (const l of this.listeners) l(marks, tick.ts);
    });
  }
}
