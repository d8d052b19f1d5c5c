// The chart's numbers (price axis, crosshair, indicator scales, legend) through the app's one formatter:
// grouped in thousands, truncated, float noise read as the decimal it stands for; volumes abbreviated like the
// market rows. And the device-pixel check's rule (device-pixels.ts) that decides whether the chart can trust
// the browser's device-pixel box.
import type { BarPrice } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import {
  chartNumberText,
  chartVolumeText,
  INDICATOR_AXIS_FORMAT,
  priceAxisFormat,
  VOLUME_AXIS_FORMAT,
} from '../../../../src/features/markets/kline/chart-format.ts';
import { devicePixelBoxAgrees } from '../../../../src/features/markets/kline/device-pixels.ts';

describe('chart numbers', () => {
  it('groups prices in thousands and keeps the price decimals', () => {
    expect(chartNumberText(1234.5, 2)).toBe('1,234.50');
    expect(chartNumberText(12345678.9, 2)).toBe('12,345,678.90');
    expect(chartNumberText(281.4, 2)).toBe('281.40');
    expect(chartNumberText(-1234.5, 2)).toBe('-1,234.50');
    expect(chartNumberText(0.12345, 4)).toBe('0.1234');
  });

  it('reads float noise as the decimal it stands for, and truncates real digits', () => {
    expect(chartNumberText(281.39999999999998, 2)).toBe('281.40');
    expect(chartNumberText(0.1 + 0.2, 2)).toBe('0.30');
    expect(chartNumberText(1000.0000000001, 2)).toBe('1,000.00');
    expect(chartNumberText(286.129, 2)).toBe('286.12');
  });

  it('shows a warm-up value as a placeholder', () => {
    expect(chartNumberText(Number.NaN, 2)).toBe('--');
    expect(chartVolumeText(Number.NaN)).toBe('--');
  });

  it('writes volumes as whole shares below a thousand and abbreviated above', () => {
    expect(chartVolumeText(0)).toBe('0');
    expect(chartVolumeText(950)).toBe('950');
    expect(chartVolumeText(32531)).toBe('32.53K');
    expect(chartVolumeText(4_090_000)).toBe('4.09M');
    expect(chartVolumeText(1_160_000_000)).toBe('1.16G');
    expect(chartVolumeText(999_999)).toBe('999.99K');
  });

  it('gives the chart custom formats that use them', () => {
    const price = priceAxisFormat(2);
    expect(price).toMatchObject({ type: 'custom', minMove: 0.01 });
    const at = (v: number) => v as BarPrice;
    expect(price.formatter(at(7250.5))).toBe('7,250.50');
    expect(priceAxisFormat(3).formatter(at(1234.5))).toBe('1,234.500');
    expect(VOLUME_AXIS_FORMAT.formatter(at(80_000))).toBe('80.00K');
    expect(INDICATOR_AXIS_FORMAT.formatter(at(-1234.567))).toBe('-1,234.56');
  });
});

describe('device-pixel box check', () => {
  it('trusts a box that is the CSS size times the ratio, within rounding', () => {
    expect(devicePixelBoxAgrees(100, 200, 2)).toBe(true);
    expect(devicePixelBoxAgrees(100, 263, 2.625)).toBe(true);
    expect(devicePixelBoxAgrees(100, 300, 3)).toBe(true);
  });

  it('distrusts a box reported in CSS pixels on a 2× screen (Chromium device emulation)', () => {
    expect(devicePixelBoxAgrees(100, 100, 2)).toBe(false);
    expect(devicePixelBoxAgrees(100, 100, 1.25)).toBe(false);
  });
});
