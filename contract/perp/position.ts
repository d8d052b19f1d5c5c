// Isolated USDT-margined perpetual position math (derivatives.md §1): initial margin, trade fees, liquidation
// and bankruptcy prices, unrealised P&L, ROE, margin ratio, increase, partial close and add-margin. Exact:
// bigints only; each cut to micro-USDT or to the price tick says which way it rounds and why.
//
// A position keeps its entry as `entryValue` = Σ qty·price of its fills (value units, exact), never as a rounded
// average price, so P&L and the liquidation price carry no averaging error.

import {
  RATE_ONE,
  USDT_PLACES,
  divCeil,
  divFloor,
  pow10,
  valueScale,
  valueToUsdt,
  type PerpGrid,
  type Side,
} from './fixed.ts';
import { maintenanceMargin, tierFor, type Tier } from './tiers.ts';

export interface PerpPosition {
  readonly side: Side;
  /** Size in quantity units (> 0). */
  readonly qty: bigint;
  /** Σ qty·price of the fills that built it (value units). */
  readonly entryValue: bigint;
  /** Isolated margin balance WB, micro-USDT (initial margin plus any added margin). */
  readonly margin: bigint;
}

/** Notional qty·price in micro-USDT, rounded down (tier lookup and display). */
export function notional(g: PerpGrid, qty: bigint, price: bigint): bigint {
  return valueToUsdt(g, qty * price, 'floor');
}

/** Initial margin |Q|·price/L, rounded up: the user never holds less than the leverage promises. */
export function initialMargin(g: PerpGrid, qty: bigint, price: bigint, leverage: number): bigint {
  return valueToUsdt(g, qty * price, 'ceil', BigInt(leverage));
}

/** Fee = notional × rate (taker or maker), rounded up: a fee is never under-charged. */
export function tradeFee(g: PerpGrid, qty: bigint, price: bigint, rate: bigint): bigint {
  return valueToUsdt(g, qty * price * rate, 'ceil', RATE_ONE);
}

/** Entry price for display: entryValue / qty at the price tick, rounded down. */
export function entryPrice(p: PerpPosition): bigint {
  return p.entryValue / p.qty;
}

// The common scale S = max(value scale, 6) so margin and entry value add without fractions.
function common(g: PerpGrid): { s: number; vMul: bigint; uMul: bigint } {
  const vs = valueScale(g);
  const s = Math.max(vs, USDT_PLACES);
  return { s, vMul: pow10(s - vs), uMul: pow10(s - USDT_PLACES) };
}

/**
 * Liquidation price of an isolated position with the close fee reserved:
 *   LP = (WB + cum − s·|Q|·EP) / (|Q|·(MMR + closeFee) − s·|Q|)
 * (Binance's formula [B-LP] with the close fee added to the MMR; closeFeeRate 0 gives Binance's exactly). The
 * tier used is the one at the LP's own notional, solved again when that differs. Rounded toward the mark side
 * (a long's up, a short's down) so liquidation is never later than the exact price. Null when it is ≤ 0 ("--").
 */
export function liquidationPrice(
  g: PerpGrid,
  tiers: readonly Tier[],
  p: PerpPosition,
  closeFeeRate: bigint,
): bigint | null {
  let tier: Tier | null = tierFor(tiers, valueToUsdt(g, p.entryValue, 'floor'));
  let lp: bigint | null = null;
  for (let i = 0; i < tiers.length + 1 && tier; i++) {
    lp = solveLp(g, tier, p, closeFeeRate);
    if (lp === null) return null;
    const at = tierFor(tiers, notional(g, p.qty, lp));
    if (!at || at === tier) return lp;
    tier = at;
  }
  return lp;
}

function solveLp(g: PerpGrid, t: Tier, p: PerpPosition, feeRate: bigint): bigint | null {
  const { s, vMul, uMul } = common(g);
  const num = (p.margin + t.cum) * uMul - BigInt(p.side) * p.entryValue * vMul; // scale S
  const den = p.qty * (t.mmr + feeRate) - BigInt(p.side) * p.qty * RATE_ONE; // scale qd + 8
  // P_units = num·RATE_ONE·10^vs / (den·10^S)
  const n = num * RATE_ONE * pow10(valueScale(g));
  const d = den * pow10(s);
  const lp = p.side === 1 ? divCeil(n, d) : divFloor(n, d);
  return lp > 0n ? lp : null;
}

/** Bankruptcy price EP − s·WB/|Q| (margin balance exactly 0); rounded toward the mark side like the LP. */
export function bankruptcyPrice(g: PerpGrid, p: PerpPosition): bigint | null {
  const { s, vMul, uMul } = common(g);
  const n = (p.entryValue * vMul - BigInt(p.side) * p.margin * uMul) * pow10(valueScale(g));
  const d = p.qty * pow10(s);
  const bp = p.side === 1 ? divCeil(n, d) : divFloor(n, d);
  return bp > 0n ? bp : null;
}

/** Unrealised P&L s·(|Q|·M − entryValue) in micro-USDT, rounded down (never shows more than is there). */
export function unrealisedPnl(g: PerpGrid, p: PerpPosition, mark: bigint): bigint {
  return valueToUsdt(g, BigInt(p.side) * (p.qty * mark - p.entryValue), 'floor');
}

/** Initial margin of the position at entry for a leverage (the ROE base on Binance's calculator). */
export function entryMargin(g: PerpGrid, p: PerpPosition, leverage: number): bigint {
  return valueToUsdt(g, p.entryValue, 'ceil', BigInt(leverage));
}

/** ROE = P&L / base, a rate at RATE_ONE truncated toward zero; null for a zero base. */
export function roe(pnl: bigint, base: bigint): bigint | null {
  return base > 0n ? (pnl * RATE_ONE) / base : null;
}

/** Maintenance margin of the position at a mark (tiered). Null above the table. */
export function positionMaintenance(
  g: PerpGrid,
  tiers: readonly Tier[],
  p: PerpPosition,
  mark: bigint,
): bigint | null {
  return maintenanceMargin(tiers, notional(g, p.qty, mark));
}

/**
 * Margin ratio MM / margin balance (WB + uPnL) as a rate at RATE_ONE, rounded up; liquidation is at 100 %.
 * Null when the margin balance is ≤ 0 (beyond 100 %).
 */
export function marginRatio(
  g: PerpGrid,
  tiers: readonly Tier[],
  p: PerpPosition,
  mark: bigint,
): bigint | null {
  return marginRatioWith(g, tiers, p, mark, unrealisedPnl(g, p, mark));
}

/** marginRatio when the uPnL on the mark is at hand (the worker computes it once for both figures). */
export function marginRatioWith(
  g: PerpGrid,
  tiers: readonly Tier[],
  p: PerpPosition,
  mark: bigint,
  pnl: bigint,
): bigint | null {
  const mm = positionMaintenance(g, tiers, p, mark);
  const balance = p.margin + pnl;
  if (mm === null || balance <= 0n) return null;
  return divCeil(mm * RATE_ONE, balance);
}

/** Whether a mark has reached the liquidation price (long: mark ≤ LP; short: mark ≥ LP). */
export function crossed(side: Side, lp: bigint | null, mark: bigint): boolean {
  if (lp === null) return false;
  return side === 1 ? mark <= lp : mark >= lp;
}

/** The position after a fill that increases it (same side): entry value and margin add. */
export function increase(p: PerpPosition, qty: bigint, price: bigint, addedMargin: bigint): PerpPosition {
  return {
    side: p.side,
    qty: p.qty + qty,
    entryValue: p.entryValue + qty * price,
    margin: p.margin + addedMargin,
  };
}

/** Adding isolated margin: WB grows, the liquidation price moves away from the mark. */
export function addMargin(p: PerpPosition, amount: bigint): PerpPosition {
  return { ...p, margin: p.margin + amount };
}

export interface CloseResult {
  /** What remains (null when fully closed). */
  readonly rest: PerpPosition | null;
  /** Margin released from the position, micro-USDT. */
  readonly released: bigint;
  /** Realised P&L on the fill price, micro-USDT (rounded down). */
  readonly realised: bigint;
  readonly fee: bigint;
  /** released + realised − fee when ≥ 0: what returns to the available balance. */
  readonly payout: bigint;
  /** −(released + realised − fee) when that is negative: the loss the margin cannot cover. */
  readonly shortfall: bigint;
}

/**
 * Close `qty` of the position at `price`. Entry value and margin leave in proportion (added margin shrinks
 * with the size [BY-adj]), so the liquidation price of the rest stays where it was (to the tick). The
 * released shares round down, leaving the remainder with the rest (a full close releases everything).
 */
export function closePart(
  g: PerpGrid,
  p: PerpPosition,
  qty: bigint,
  price: bigint,
  feeRate: bigint,
): CloseResult {
  const full = qty >= p.qty;
  const q = full ? p.qty : qty;
  const ev = full ? p.entryValue : divFloor(p.entryValue * q, p.qty);
  const released = full ? p.margin : divFloor(p.margin * q, p.qty);
  const realised = valueToUsdt(g, BigInt(p.side) * (q * price - ev), 'floor');
  const fee = tradeFee(g, q, price, feeRate);
  const net = released + realised - fee;
  const rest = full
    ? null
    : { side: p.side, qty: p.qty - q, entryValue: p.entryValue - ev, margin: p.margin - released };
  return { rest, released, realised, fee, payout: net > 0n ? net : 0n, shortfall: net < 0n ? -net : 0n };
}
