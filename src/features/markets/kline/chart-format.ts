// How the chart writes numbers (price axis, crosshair label, indicator scales, legend): truncated and grouped
// in thousands by the app's one formatter (contract/money-text.ts through shared/format/numbers.ts), as every
// other figure on screen, instead of lightweight-charts' own ungrouped output ('1234.50', '1.2M' with B for
// billions). The chart hands over floats; each is first written with three more places than shown, so float
// noise (281.39999999999998 for 281.40) reads as the decimal it stands for before it is cut to `decimals`.
import type { PriceFormatCustom } from 'lightweight-charts';
import { abbreviate, formatMoney, truncate } from '../../../shared/format/numbers.ts';

/** Room for float noise: 3 places beyond the shown ones, well above a double's ~1e-15 relative error. */
const NOISE_PLACES = 3;
const MAX_FIXED = 100;

function fixed(value: number, decimals: number): string {
  return value.toFixed(Math.min(MAX_FIXED, Math.max(0, decimals) + NOISE_PLACES));
}

/** A chart float as the app shows a price: '1,234.50' (NaN, a warm-up value, is '--'). */
export function chartNumberText(value: number, decimals: number): string {
  return Number.isFinite(value) ? formatMoney(fixed(value, decimals), decimals) : '--';
}

/** A chart float as the app shows a volume (whole shares): '950', and K, M, G … above, as the rows ('32.53K'). */
export function chartVolumeText(value: number): string {
  if (!Number.isFinite(value)) return '--';
  const shares = truncate(fixed(value, 0), 0);
  return shares.replace('-', '').length <= 3 ? shares : abbreviate(shares, 2);
}

/** The candles' (and so the main price axis's) format: `precision` decimals, grouped. */
export function priceAxisFormat(precision: number): PriceFormatCustom {
  return {
    type: 'custom',
    minMove: 10 ** -precision,
    formatter: (price: number) => chartNumberText(price, precision),
  };
}

/** The volume pane's axis: abbreviated as the rows show volume. */
export const VOLUME_AXIS_FORMAT: PriceFormatCustom = {
  type: 'custom',
  minMove: 1,
  formatter: chartVolumeText,
};

/** MACD, RSI and KDJ scales: two decimals, grouped. */
export const INDICATOR_AXIS_FORMAT: PriceFormatCustom = {
  type: 'custom',
  minMove: 0.01,
  formatter: (value: number) => chartNumberText(value, 2),
};
