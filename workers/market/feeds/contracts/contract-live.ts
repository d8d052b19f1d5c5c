// The live figures of one perpetual position on a price, exactly as the server computes them
// (server/domain/perp/perp-views.ts, same contract/perp/ functions and the same roundings): uPnL on the mark,
// ROE on the initial margin at entry, margin ratio, and the distance to liquidation. Pure; bigint only.
import { formatMinor, parseMinor, parseSignedMinor } from '../../../../contract/money.ts';
import { RATE_ONE, type PerpGrid } from '../../../../contract/perp/fixed.ts';
import {
  entryMargin,
  marginRatioWith,
  roe,
  unrealisedPnl,
  type PerpPosition,
} from '../../../../contract/perp/position.ts';
import { tiersOf, type Tier } from '../../../../contract/perp/tiers.ts';
import type { ContractLiveView, ContractPositionInput } from '../../../protocol/contracts-api.ts';

/** A position parsed once when it arrives: the math's inputs and the server's premium (mark − last). */
export interface LivePosition {
  id: number;
  symbol: string;
  grid: PerpGrid;
  tiers: readonly Tier[];
  math: PerpPosition;
  leverage: number;
  premium: bigint;
  liq: bigint | null;
  serverMark: bigint;
  /** the ROE base: initial margin at entry for the leverage (fixed while the position is) */
  roeBase: bigint;
}

const placesOf = (s: string): number => {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
};

/** Parses the server's strings; null when they do not fit together (the row is then left out). */
export function parsePosition(p: ContractPositionInput): LivePosition | null {
  const qd = placesOf(p.qty);
  const pd = placesOf(p.markPrice);
  const qty = parseMinor(p.qty, qd);
  const entryValue = parseMinor(p.entryValue, pd + qd);
  const margin = parseMinor(p.margin, 6);
  const mark = parseMinor(p.markPrice, pd);
  const last = parseMinor(p.lastPrice, pd);
  const liq = p.liqPrice === null ? null : parseMinor(p.liqPrice, pd);
  if (!qty || entryValue === null || margin === null || !mark || last === null) return null;
  if (p.liqPrice !== null && liq === null) return null;
  const grid = { priceDecimals: pd, qtyDecimals: qd };
  const math: PerpPosition = { side: p.side === 'long' ? 1 : -1, qty, entryValue, margin };
  return {
    id: p.id,
    symbol: p.symbol,
    grid,
    tiers: tiersOf(p.symbol.replace(/USDT$/, '')),
    math,
    leverage: p.leverage,
    premium: mark - last,
    liq,
    serverMark: mark,
    roeBase: entryMargin(grid, math, p.leverage),
  };
}

/**
 * The mark to value at: the server's published mark (`mark:<SYM>`, the averaged one liquidation uses) when the
 * socket delivers it; else (polling, before the first mark) the live last price with the last-read premium;
 * else the server's mark of the last answer.
 */
export function liveMark(p: LivePosition, last: string | undefined, published?: string): bigint {
  return markAt(p, last, published === undefined ? null : parseSignedMinor(published, p.grid.priceDecimals));
}

/** liveMark with the published mark already read (the feed reads it once per pair and tick, not per position). */
export function markAt(p: LivePosition, last: string | undefined, published: bigint | null): bigint {
  const m = published;
  if (m !== null && m > 0n) return m;
  const l = last === undefined ? null : parseSignedMinor(last.replace(/,/g, ''), p.grid.priceDecimals);
  if (l === null || l <= 0n) return p.serverMark;
  const est = l + p.premium;
  return est > 0n ? est : 1n;
}

const pct = (rate: bigint | null): string => (rate === null ? '' : formatMinor(rate / 10_000n, 2));

/** The figures on a mark (price units). */
export function liveView(p: LivePosition, mark: bigint): ContractLiveView {
  const pnl = unrealisedPnl(p.grid, p.math, mark);
  const ratio = marginRatioWith(p.grid, p.tiers, p.math, mark, pnl);
  const distance = p.liq === null ? null : ((mark > p.liq ? mark - p.liq : p.liq - mark) * RATE_ONE) / mark;
  return {
    id: p.id,
    mark: formatMinor(mark, p.grid.priceDecimals),
    pnl: formatMinor(pnl, 6),
    roe: pct(roe(pnl, p.roeBase)),
    marginRatio: pct(ratio),
    liqDistance: pct(distance),
    pnlSign: pnl > 0n ? 1 : pnl < 0n ? -1 : 0,
    // a colour threshold only, never shown
    marginRatioValue: ratio === null ? Number.POSITIVE_INFINITY : Number(ratio) / 1_000_000,
  };
}
