// The VIP signals of every PSX stock (GET stock/vip/advice): each stock's daily bars up to the last CLOSED day
// (today's live bar is left out, so a signal does not flicker during the session) run through the rules of
// signals.ts. Computed per stock once per new closed day and kept in memory: the answer is the same all day.
import { parseSignedMinor, formatMinor } from '../../../contract/money.ts';
import type { Advice, SignalRecord, Strategy } from '../../../contract/vip.ts';
import type { Instrument } from '../../../workers/protocol/market.ts';
import { pktDayStart } from '../market/calendar.ts';
import type { MarketSource } from '../market/market-source.ts';
import {
  ADVICE_RULE,
  adviceAt,
  adviceRecord,
  BREAKOUT_RULE,
  breakoutRecord,
  figures,
  rsiTenths,
  type DayBar,
  type Measured,
} from './signals.ts';

/** Daily bars read per stock: a year and more of history (the simulator stores that much). */
const HISTORY_DAYS = 400;

interface Computed {
  lastT: number;
  advice: Advice | null;
  strategy: Strategy | null;
}

const toRecord = (m: Measured): SignalRecord => ({
  since: m.since,
  until: m.until,
  horizonDays: m.horizon,
  ...figures(m.moves),
});

function units(text: string, decimals: number): number {
  const v = parseSignedMinor(text, decimals);
  if (v === null) throw new Error(`signal-board: bad candle value ${text}`);
  return Number(v);
}

export function computeSignals(ins: Instrument, bars: readonly DayBar[]): Omit<Computed, 'lastT'> {
  const last = bars.length - 1;
  const d = ins.priceDecimals;
  const names = { symbol: ins.symbol, nameEn: ins.nameEn, nameUr: ins.nameUr };
  const closes = bars.map((b) => b.c);
  const action = adviceAt(closes, last, ADVICE_RULE);
  const avg = (n: number) => {
    let s = 0;
    for (let k = last - n + 1; k <= last; k++) s += closes[k]!;
    return formatMinor(Math.round(s / n), d);
  };
  const advice: Advice | null =
    action === null
      ? null
      : {
          ...names,
          action,
          asOf: bars[last]!.t,
          close: formatMinor(closes[last]!, d),
          sma20: avg(ADVICE_RULE.fast),
          sma50: avg(ADVICE_RULE.slow),
          rsi14: formatMinor(rsiTenths(closes, last, ADVICE_RULE.rsiDays), 1),
          record: toRecord(adviceRecord(bars, ADVICE_RULE)),
        };
  const b = breakoutRecord(bars, BREAKOUT_RULE);
  const strategy: Strategy | null =
    bars.length <= BREAKOUT_RULE.highDays
      ? null
      : {
          ...names,
          live: b.live && {
            signalAt: bars[b.live.index]!.t,
            entry: formatMinor(b.live.entry, d),
            stop: formatMinor(b.live.stop, d),
            daysLeft: b.live.daysLeft,
          },
          record: toRecord(b),
        };
  return { advice, strategy };
}

export class SignalBoard {
  private readonly cache = new Map<string, Computed>();

  constructor(private readonly market: MarketSource) {}

  private async forStock(ins: Instrument, today: number): Promise<Computed> {
    const candles = await this.market.candles(ins.symbol, '1d', { limit: HISTORY_DAYS });
    const closed = candles.filter((c) => c.t < today);
    const lastT = closed[closed.length - 1]?.t ?? 0;
    const hit = this.cache.get(ins.symbol);
    if (hit && hit.lastT === lastT) return hit;
    const d = ins.priceDecimals;
    const bars: DayBar[] = closed.map((c) => ({
      t: c.t,
      o: units(c.o, d),
      h: units(c.h, d),
      l: units(c.l, d),
      c: units(c.c, d),
    }));
    const computed = { lastT, ...computeSignals(ins, bars) };
    this.cache.set(ins.symbol, computed);
    return computed;
  }

  /** Advice (buy first, then sell, then hold) and strategies (live breakouts first) of every PSX stock. */
  async all(now: number): Promise<{ advice: Advice[]; strategies: Strategy[] }> {
    const today = pktDayStart(now);
    const stocks = this.market.instruments('psx');
    const rows: Computed[] = [];
    for (const ins of stocks) rows.push(await this.forStock(ins, today));
    const order = { buy: 0, sell: 1, hold: 2 } as const;
    const advice = rows
      .flatMap((r) => (r.advice ? [r.advice] : []))
      .sort((a, b) => order[a.action] - order[b.action] || a.symbol.localeCompare(b.symbol));
    const strategies = rows
      .flatMap((r) => (r.strategy ? [r.strategy] : []))
      .sort((a, b) => Number(b.live !== null) - Number(a.live !== null) || a.symbol.localeCompare(b.symbol));
    return { advice, strategies };
  }
}
