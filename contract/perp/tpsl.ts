// Take-profit / stop-loss validation (derivatives.md §1 "TP/SL semantics and validation", mapped to the spec):
// a long's take-profit not below its entry and above the trigger reference now (mark or last, the user's
// choice), its stop not above the entry, below the reference and above the liquidation price (a stop beyond
// liquidation would never fire first); a short mirrored. Prices in the pair's price units; the entry is compared
// exactly through the entry value (price·qty vs entryValue), never through a rounded average.

import type { Side } from './fixed.ts';

export type TpSlRefusal =
  | 'tp_not_positive'
  | 'sl_not_positive'
  | 'tp_wrong_side_of_entry'
  | 'sl_wrong_side_of_entry'
  | 'tp_would_fire_now'
  | 'sl_would_fire_now'
  | 'sl_beyond_liquidation';

export interface TpSlInput {
  readonly side: Side;
  readonly qty: bigint;
  readonly entryValue: bigint;
  /** Current price of the trigger source (mark or last). */
  readonly reference: bigint;
  /** Current liquidation price, null when there is none ("--"). */
  readonly liquidation: bigint | null;
  readonly takeProfit?: bigint | undefined;
  readonly stopLoss?: bigint | undefined;
}

/** The first refusal that applies, or null when the pair of triggers is valid. */
export function validateTpSl(x: TpSlInput): TpSlRefusal | null {
  const long = x.side === 1;
  if (x.takeProfit !== undefined) {
    const tp = x.takeProfit;
    if (tp <= 0n) return 'tp_not_positive';
    const v = tp * x.qty;
    if (long ? v < x.entryValue : v > x.entryValue) return 'tp_wrong_side_of_entry';
    if (long ? tp <= x.reference : tp >= x.reference) return 'tp_would_fire_now';
  }
  if (x.stopLoss !== undefined) {
    const sl = x.stopLoss;
    if (sl <= 0n) return 'sl_not_positive';
    const v = sl * x.qty;
    if (long ? v > x.entryValue : v < x.entryValue) return 'sl_wrong_side_of_entry';
    if (long ? sl >= x.reference : sl <= x.reference) return 'sl_would_fire_now';
    if (x.liquidation !== null && (long ? sl <= x.liquidation : sl >= x.liquidation)) {
      return 'sl_beyond_liquidation';
    }
  }
  return null;
}

/** Whether a trigger fires at a price: a long's TP at ≥ tp, its SL at ≤ sl; a short's mirrored. */
export function tpSlFires(side: Side, kind: 'tp' | 'sl', trigger: bigint, price: bigint): boolean {
  const up = (side === 1) === (kind === 'tp');
  return up ? price >= trigger : price <= trigger;
}
