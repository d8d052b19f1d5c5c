// Refusals of the contract calls: keys of locales/*/errors.json under `perp.` (Urdu and English).
import { AppError } from '../../errors.ts';
import type { TpSlRefusal } from '../../../contract/perp/tpsl.ts';

export type PerpRefusal =
  | 'unknownSymbol'
  | 'badQty'
  | 'badAmount'
  | 'badPrice'
  | 'noPrice'
  | 'oppositeOpen'
  | 'leverageTooHigh'
  | 'insufficient'
  | 'wouldLiquidate'
  | 'leverageWouldLiquidate'
  | 'clientIdReused'
  | 'noPosition'
  | 'closeTooLarge'
  | 'notFound'
  | 'priceBand'
  | 'tooManyOrders'
  | 'orderNotOpen';

export function perpError(key: PerpRefusal, params: Record<string, string | number> = {}): AppError {
  return new AppError(`perp.${key}`, params);
}

export function tpSlError(key: TpSlRefusal): AppError {
  return new AppError(`perp.tpsl.${key}`);
}
