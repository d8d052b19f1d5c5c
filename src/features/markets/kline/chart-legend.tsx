// The indicator legend over the chart: each line's name and value at the crosshair bar (the newest bar when
// the finger is off the chart), in the line's colour. Values are chart-line floats, shown to the price's
// decimals; no money is computed here.
import type { ChartLine } from '../live.ts';
import type { ChartData } from './use-chart-data.ts';
import { isHistogramLine } from './chart-series.ts';

function fmt(v: number | undefined, decimals: number): string {
  return v === undefined || Number.isNaN(v) ? '--' : v.toFixed(decimals);
}

function Row({
  lines,
  i,
  colors,
  decimals,
  testId,
}: {
  lines: readonly ChartLine[];
  i: number;
  colors: readonly string[];
  decimals: number;
  testId: string;
}) {
  let k = 0;
  return (
    <div className="kl-legend__row" data-testid={testId}>
      {lines.map((l) => {
        const hist = isHistogramLine(l.name);
        const color = hist ? undefined : colors[k++ % colors.length];
        return (
          <span key={l.name} style={color ? { color } : undefined}>
            {l.name.toUpperCase()} {fmt(l.values[i], decimals)}
          </span>
        );
      })}
    </div>
  );
}

export function ChartLegend({
  data,
  index,
  colors,
  precision,
}: {
  data: ChartData;
  index: number | null;
  colors: readonly string[];
  precision: number;
}) {
  const n = data.time.length;
  if (n === 0) return null;
  const i = index === null || index < 0 || index >= n ? n - 1 : index;
  const subIsVol = data.sub[0]?.name === 'vol';
  return (
    <div className="kl-legend num" aria-hidden="true">
      <Row lines={data.main} i={i} colors={colors} decimals={precision} testId="legend-main" />
      <Row lines={data.sub} i={i} colors={colors} decimals={subIsVol ? 0 : 2} testId="legend-sub" />
    </div>
  );
}
