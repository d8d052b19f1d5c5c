// Turns an applied step into the MarketTick the listeners get (the hub, the trading engine): one SymbolUpdate
// per changed symbol with its seq, book and candle payloads built on demand, and the market counters. Shared
// by the simulator and the replica, so both emit exactly the same ticks for the same step.

import type { Candle, Interval, Market } from '../../../workers/protocol/market.ts';
import { toCandle } from './candles.ts';
import { toTicker } from './instrument-state.ts';
import type { LiveMarket } from './live-market.ts';
import type { MarketTick, SymbolUpdate } from './market-source.ts';
import { formatBookDelta } from './queries.ts';
import type { AppliedStep } from './step-apply.ts';

/** The tick of an applied step; consumes the step's transient state (closed bars, book delta) of every symbol. */
export function tickOf(live: LiveMarket, applied: AppliedStep): MarketTick {
  const { ts, st } = applied;
  const marketSeq: Partial<Record<Market, number>> = {};
  const updates: SymbolUpdate[] = applied.changed.map((s) => {
    marketSeq[s.ins.market] = live.seq[s.ins.market];
    const closed = new Map(s.closed);
    s.closed.clear();
    const delta = s.bookDelta;
    s.bookDelta = null;
    return {
      symbol: s.ins.symbol,
      market: s.ins.market,
      seq: s.seq,
      ticker: toTicker(s, s.ins.market === 'crypto' ? 'open' : st, ts),
      trades: applied.trades.get(s) ?? [],
      bookDelta: () => (delta ? formatBookDelta(s, delta, ts) : null),
      candles: (iv: Interval) => {
        const pd = s.ins.priceDecimals;
        const qd = s.ins.qtyDecimals;
        const out: Candle[] = [];
        const c = closed.get(iv);
        if (c) out.push(toCandle(c, pd, qd));
        const bar = s.bars.get(iv);
        if (bar) out.push(toCandle(bar, pd, qd));
        return out;
      },
    };
  });
  for (const s of live.states.values()) {
    s.closed.clear();
    s.bookDelta = null;
  }
  return { ts, updates, marketSeq };
}
