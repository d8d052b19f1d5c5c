// Indicator names as the app stores them (`mainInd` / `subInd`), mapped to their default definitions.
import type { IndicatorDef } from './core.ts';
import { bollDef, emaDef, smaDef, volDef } from './averages.ts';
import { kdjDef, macdDef, rsiDef } from './oscillators.ts';

export type MainIndicator = 'SMA' | 'EMA' | 'BOLL';
export type SubIndicator = 'VOL' | 'MACD' | 'RSI' | 'KDJ';
export type IndicatorName = MainIndicator | SubIndicator;

export const MAIN_INDICATORS: readonly MainIndicator[] = ['SMA', 'EMA', 'BOLL'];
export const SUB_INDICATORS: readonly SubIndicator[] = ['VOL', 'MACD', 'RSI', 'KDJ'];

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
