// Chart preferences: interval and the main/sub indicators, the latter remembered as mainInd/subInd (spec §3).
// The indicator names are the worker protocol's: the worker computes the lines the page picks here.
import { INTERVALS, type Interval } from '../../../../workers/protocol/market.ts';
import {
  MAIN_INDICATORS,
  SUB_INDICATORS,
  type MainIndicator,
  type SubIndicator,
} from '../../../../workers/protocol/market-api.ts';
import { storage } from '../../../shared/storage/storage.ts';

export { MAIN_INDICATORS, SUB_INDICATORS };
export type { MainIndicator, SubIndicator };
export const DEFAULT_INTERVAL: Interval = '15m';

export function readMainInd(): MainIndicator {
  const v = storage.get('mainInd');
  return (MAIN_INDICATORS as readonly string[]).includes(v) ? (v as MainIndicator) : 'SMA';
}
export function readSubInd(): SubIndicator {
  const v = storage.get('subInd');
  return (SUB_INDICATORS as readonly string[]).includes(v) ? (v as SubIndicator) : 'VOL';
}
export function saveMainInd(v: MainIndicator): void {
  storage.set('mainInd', v);
}
export function saveSubInd(v: SubIndicator): void {
  storage.set('subInd', v);
}
export function parseInterval(v: string | null): Interval {
  return (INTERVALS as readonly string[]).includes(v ?? '') ? (v as Interval) : DEFAULT_INTERVAL;
}
