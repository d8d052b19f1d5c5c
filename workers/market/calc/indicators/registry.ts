// Indicator names as the app stores them (`mainInd` / `subInd`), mapped to their default definitions.
import type { IndicatorName } from '../../../protocol/market-api.ts';
import type { IndicatorDef } from './core.ts';
import { bollDef, emaDef, smaDef, volDef } from './averages.ts';
import { kdjDef, macdDef, rsiDef } from './oscillators.ts';

export type { IndicatorName, MainIndicator, SubIndicator } from '../../../protocol/market-api.ts';
export { MAIN_INDICATORS, SUB_INDICATORS } from '../../../protocol/market-api.ts';

const DEFAULTS: Record<IndicatorName, () => IndicatorDef> = {
  SMA: () => smaDef(),
  EMA: () => emaDef(),
  BOLL: () => bollDef(20, 2),
  VOL: () => volDef([5, 10]),
  MACD: () => macdDef(12, 26, 9),
  RSI: () => rsiDef(14),
  KDJ: () => kdjDef(9, 3, 3),
};

/** The default-parameter definition of an indicator name (SMA 5/10/20, EMA 5/10/20, BOLL 20,2, ...). */
export function indicatorDef(name: IndicatorName): IndicatorDef {
  return DEFAULTS[name]();
}

/** Whether a string names an indicator (interest keys arrive as strings). */
export function isIndicatorName(s: string | undefined): s is IndicatorName {
  return s !== undefined && Object.hasOwn(DEFAULTS, s);
}
