// The indicator legend over the chart: each line's name and value at the crosshair bar (the newest bar when
// the finger is off the chart), in the line's colour. Values are the worker's chart-line floats, looked up by
// bar time and shown to the price's decimals (volumes abbreviated), grouped like the axis; nothing is
// computed here.
import type { ChartBar, IndicatorView } from '../../../market/hooks.ts';
import { chartNumberText, chartVolumeText } from './chart-format.ts';
import { lineColor, valueAtTime } from './chart-series.ts';
import s from './chart-legend.module.css';

/** decimals null: a volume (whole shares, K/M/G above a thousand). */
function fmt(v: number, decimals: number | null): string {
  return decimals === null ? chartVolumeText(v) : chartNumberText(v, decimals);
}

function Row({
  view,
  time,
  colors,
  decimals,
  testId,
}: {
  view: IndicatorView;
  time: number;
  colors: readonly string[];
  decimals: number | null;
  testId: string;
}) {
  return (
    <div className={s.row} data-testid={testId}>
      {view.lines.map((l, k) => {
        const color = lineColor(view.lines, k, colors);
        return (
          <span key={l} style={color ? { color } : undefined}>
            {l.toUpperCase()} {fmt(valueAtTime(view, k, time), decimals)}
          </span>
        );
      })}
    </div>
  );
}

export function ChartLegend({
  bars,
  main,
  sub,
  index,
  colors,
  precision,
}: {
  bars: readonly ChartBar[];
  main: IndicatorView;
  sub: IndicatorView;
  index: number | null;
  colors: readonly string[];
  precision: number;
}) {
  const n = bars.length;
  if (n === 0) return null;
  const i = index === null || index < 0 || index >= n ? n - 1 : index;
  const time = bars[i]!.time;
  const subIsVol = sub.lines[0] === 'vol';
  return (
    <div className={`${s.legend} num`} aria-hidden="true">
      <Row view={main} time={time} colors={colors} decimals={precision} testId="legend-main" />
      <Row view={sub} time={time} colors={colors} decimals={subIsVol ? null : 2} testId="legend-sub" />
    </div>
  );
}
