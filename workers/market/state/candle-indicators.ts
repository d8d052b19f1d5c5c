// The indicator lines of an open chart channel: which indicators the app shows on a candle series, kept in
// step with it — a full compute when the series is replaced (history, snap, older page), an incremental
// re-step of the changed tail on a live bar. The math is calc/indicators'; this file only wires it.
import type { IndicatorName } from '../../protocol/market-api.ts';
import type { CandleChange, CandleSeries } from '../calc/candles.ts';
import {
  applySeriesChange,
  candlesToColumns,
  computeIndicator,
  emptyColumns,
  syncColumns,
  type IndicatorState,
  type OhlcvColumns,
} from '../calc/indicators/core.ts';
import { indicatorDef } from '../calc/indicators/registry.ts';

export interface IndicatorEntry {
  state: IndicatorState;
  /** Points from this index on changed since the last post; Infinity = nothing. */
  from: number;
  /** Post every point next (a new indicator, a replaced series, a new listener). */
  reset: boolean;
}

export interface ChartIndicators {
  /** Numeric columns of the candle series (null series: empty). */
  cols: OhlcvColumns;
  readonly indicators: Map<IndicatorName, IndicatorEntry>;
}

export function createChartIndicators(names: Iterable<IndicatorName> = []): ChartIndicators {
  const c: ChartIndicators = { cols: emptyColumns(), indicators: new Map() };
  for (const n of names) attachIndicator(c, n);
  return c;
}

/** Starts drawing an indicator: computed over what the series holds now, posted whole. */
export function attachIndicator(c: ChartIndicators, name: IndicatorName): void {
  if (c.indicators.has(name)) return;
  c.indicators.set(name, {
    state: computeIndicator(indicatorDef(name), c.cols),
    from: Infinity,
    reset: true,
  });
}

export function detachIndicator(c: ChartIndicators, name: IndicatorName): void {
  c.indicators.delete(name);
}

/** The series was replaced (REST history, socket snap): every indicator is recomputed and posted whole. */
export function seriesReplaced(c: ChartIndicators, series: CandleSeries): void {
  c.cols = candlesToColumns(series.bars);
  for (const [name, e] of c.indicators) {
    e.state = computeIndicator(indicatorDef(name), c.cols);
    e.reset = true;
    e.from = Infinity;
  }
}

/**
 * The series changed in place: columns and indicators re-step only from the change on (the live bar, an
 * appended bar). An older bar or a prepended page ('past') reposts the whole line, as the candles do.
 */
export function seriesChanged(c: ChartIndicators, series: CandleSeries, ch: CandleChange): void {
  if (ch.kind === 'none') return;
  syncColumns(c.cols, series.bars, ch);
  for (const e of c.indicators.values()) {
    applySeriesChange(e.state, c.cols, ch);
    if (ch.kind === 'past') e.reset = true;
    else e.from = Math.min(Math.max(0, e.from - ch.dropped), ch.from);
  }
}

/** A new listener knows nothing: everything is posted whole again. */
export function resendIndicators(c: ChartIndicators): void {
  for (const e of c.indicators.values()) e.reset = true;
}
