// The VIP signals (issue 18, item 2): pure functions over a symbol's daily bars (integer price units, oldest
// first), each with its MEASURED record computed over the same bars by the same rule. Nothing here predicts a
// return: a record says what the rule's past signals did, on the simulated exchange's history.
//
// Trading advice (ADVICE_RULE): on each day with enough history,
//   trend  = the 20-day simple moving average of the close against the 50-day one (up: SMA20 > SMA50)
//   RSI    = RSI(14) from the plain sums of the last 14 daily gains G and losses L: 100·G / (G + L) (50 when
//            the price did not move)
//   buy    when the trend is up and RSI < 70 (not overbought); sell when the trend is down and RSI > 30 (not
//          oversold); hold otherwise.
//   A past signal is a day the advice turned to buy or to sell (from something else); its outcome is the
//   close `horizon` (5) trading days later against that day's close, in the signal's direction (a sell's
//   move counts when the price fell). Hit: that move > 0.
// Short-term strategy (BREAKOUT_RULE): a day whose close is above the highest high of the 20 days before it
//   is an entry at that close, with a stop at the lowest low of the 10 days before it. Its outcome: the first
//   of the next `horizon` (10) days whose low reaches the stop exits at the stop (at the open when the day
//   opened below it: a gap); otherwise the close of the last of them. Signals do not overlap (a new one only
//   after the last has ended). No fees or slippage are counted: the figures are the rule's, not a trade's.
//
// Moves are in basis points of the entry (integer arithmetic, rounded half-up); every comparison of averages
// and RSI bounds is done on integer sums (no floating point).
import { divRound, formatMinor } from '../../../contract/money.ts';
import type { AdviceAction } from '../../../contract/vip.ts';

export interface DayBar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
}

export interface AdviceRule {
  fast: number;
  slow: number;
  rsiDays: number;
  /** RSI bounds, percent */
  overbought: number;
  oversold: number;
  horizon: number;
}
export const ADVICE_RULE: AdviceRule = {
  fast: 20,
  slow: 50,
  rsiDays: 14,
  overbought: 70,
  oversold: 30,
  horizon: 5,
};

export interface BreakoutRule {
  highDays: number;
  stopDays: number;
  horizon: number;
}
export const BREAKOUT_RULE: BreakoutRule = { highDays: 20, stopDays: 10, horizon: 10 };

/** A rule's measured record: moves in basis points, in the signal's direction. */
export interface Measured {
  since: number;
  until: number;
  horizon: number;
  moves: number[];
}

export interface RecordFigures {
  signals: number;
  hits: number;
  /** '' when there was no signal */
  hitRatePct: string;
  avgMovePct: string;
  worstMovePct: string;
}

const sum = (xs: readonly number[], from: number, to: number): number => {
  let s = 0;
  for (let k = from; k < to; k++) s += xs[k]!;
  return s;
};

/** Move from `entry` to `exit` in basis points, rounded half-up; `dir` -1 counts a fall as positive. */
export function moveBps(entry: number, exit: number, dir: 1 | -1 = 1): number {
  return Number(divRound(BigInt(dir * (exit - entry)) * 10_000n, BigInt(entry), 'half-up'));
}

/** Gains and losses of the `days` daily changes ending at i. */
function gainsLosses(closes: readonly number[], i: number, days: number): { g: number; l: number } {
  let g = 0;
  let l = 0;
  for (let k = i - days + 1; k <= i; k++) {
    const d = closes[k]! - closes[k - 1]!;
    if (d > 0) g += d;
    else l -= d;
  }
  return { g, l };
}

/** RSI in tenths of a percent (e.g. 655 = 65.5), from plain sums; 500 when flat. */
export function rsiTenths(closes: readonly number[], i: number, days: number): number {
  const { g, l } = gainsLosses(closes, i, days);
  if (g + l === 0) return 500;
  return Number(divRound(BigInt(g) * 1000n, BigInt(g + l), 'half-up'));
}

/** The first index with enough history for the advice rule. */
export const adviceStart = (r: AdviceRule): number => Math.max(r.slow - 1, r.rsiDays);

/** The advice on day i (null before enough history). */
export function adviceAt(
  closes: readonly number[],
  i: number,
  r: AdviceRule = ADVICE_RULE,
): AdviceAction | null {
  if (i < adviceStart(r) || i >= closes.length) return null;
  const fastSum = sum(closes, i - r.fast + 1, i + 1);
  const slowSum = sum(closes, i - r.slow + 1, i + 1);
  const a = fastSum * r.slow;
  const b = slowSum * r.fast;
  const { g, l } = gainsLosses(closes, i, r.rsiDays);
  // 100·G/(G+L) against a bound, without dividing; flat (G+L = 0) reads as 50
  const overbought = g + l > 0 ? 100 * g > r.overbought * (g + l) : 50 > r.overbought;
  const oversold = g + l > 0 ? 100 * g < r.oversold * (g + l) : 50 < r.oversold;
  if (a > b && !overbought) return 'buy';
  if (a < b && !oversold) return 'sell';
  return 'hold';
}

/** Every past advice signal whose outcome is known, and its move. */
export function adviceRecord(bars: readonly DayBar[], r: AdviceRule = ADVICE_RULE): Measured {
  const closes = bars.map((b) => b.c);
  const moves: number[] = [];
  let prev: AdviceAction | null = adviceAt(closes, adviceStart(r), r);
  for (let i = adviceStart(r) + 1; i < closes.length; i++) {
    const now = adviceAt(closes, i, r)!;
    if (now !== prev && now !== 'hold' && i + r.horizon < closes.length)
      moves.push(moveBps(closes[i]!, closes[i + r.horizon]!, now === 'buy' ? 1 : -1));
    prev = now;
  }
  return { since: bars[0]?.t ?? 0, until: bars[bars.length - 1]?.t ?? 0, horizon: r.horizon, moves };
}

export interface LiveBreakout {
  index: number;
  entry: number;
  stop: number;
  daysLeft: number;
}

/** Past breakout signals (outcomes known) and the one still running, if any. */
export function breakoutRecord(
  bars: readonly DayBar[],
  r: BreakoutRule = BREAKOUT_RULE,
): Measured & { live: LiveBreakout | null } {
  const moves: number[] = [];
  let live: LiveBreakout | null = null;
  const last = bars.length - 1;
  let i = Math.max(r.highDays, r.stopDays);
  while (i <= last) {
    let high = -Infinity;
    for (let k = i - r.highDays; k < i; k++) high = Math.max(high, bars[k]!.h);
    if (!(bars[i]!.c > high)) {
      i++;
      continue;
    }
    const entry = bars[i]!.c;
    let stop = Infinity;
    for (let k = i - r.stopDays; k < i; k++) stop = Math.min(stop, bars[k]!.l);
    let exitAt = -1;
    let exit = 0;
    for (let j = i + 1; j <= Math.min(i + r.horizon, last); j++) {
      const b = bars[j]!;
      if (b.l <= stop) {
        exitAt = j;
        exit = b.o < stop ? b.o : stop;
        break;
      }
    }
    if (exitAt < 0 && i + r.horizon <= last) {
      exitAt = i + r.horizon;
      exit = bars[exitAt]!.c;
    }
    if (exitAt < 0) {
      live = { index: i, entry, stop, daysLeft: i + r.horizon - last };
      break;
    }
    moves.push(moveBps(entry, exit));
    i = exitAt + 1;
  }
  return { since: bars[0]?.t ?? 0, until: bars[last]?.t ?? 0, horizon: r.horizon, moves, live };
}

/** Count, hits, hit rate, average and worst move of a record, as percent strings (2 decimals). */
export function figures(moves: readonly number[]): RecordFigures {
  const n = moves.length;
  if (n === 0) return { signals: 0, hits: 0, hitRatePct: '', avgMovePct: '', worstMovePct: '' };
  const hits = moves.filter((m) => m > 0).length;
  const total = moves.reduce((a, b) => a + b, 0);
  return {
    signals: n,
    hits,
    hitRatePct: formatMinor(divRound(BigInt(hits) * 10_000n, BigInt(n), 'half-up'), 2),
    avgMovePct: formatMinor(divRound(BigInt(total), BigInt(n), 'half-up'), 2),
    worstMovePct: formatMinor(Math.min(...moves), 2),
  };
}
