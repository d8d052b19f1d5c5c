// The float64 fast path of contract-live.ts's liveView: the same figures with the same roundings, computed on
// float64 numbers that hold integers (exact while every magnitude stays under 2^52, which each step checks),
// so a mark tick re-values thousands of positions without a BigInt. When a step would leave that range
// (a huge position, a tiny margin balance) `figures` answers false and the caller takes the BigInt path.
// tests/unit/worker/contract-kernel.test.ts holds the two paths equal over random positions and marks.
//
// Every figure is an integer at a fixed scale, cut as contract/perp/ cuts it:
//   pnl      micro-USDT, floor(s·(qty·mark − entryValue) → 6 places)            (unrealisedPnl)
//   roe      hundredths of a percent: trunc(pnl·10^4 / roeBase)                  (pct(roe(pnl, base)))
//            = trunc(trunc(pnl·10^8 / base) / 10^4): nested truncations of exact quotients compose
//   ratio    rate at 10^8: ceil(mm·10^8 / (margin + pnl)), mm = ceil(notional·MMR) − cum
//            (MMR is whole basis points, so notional·MMR/10^8 = notional·bp/10^4)   (marginRatioWith)
// Products that could pass 2^52 (pnl·10^4, notional·bp, mm·10^8) are divided in parts: one split for every
// position of up to ~450,000 USDT of margin (7 divisions in all), long division two digits at a time beyond,
// so the fast path holds margins of up to about 45 million USDT and notionals of billions.
//   distance hundredths of a percent: floor(|mark − liq|·10^4 / mark)              (pct of the distance rate)
import { formatMinor } from '../../../../contract/money.ts';
import type { ContractLiveView } from '../../../protocol/contracts-api.ts';
import type { Tier } from '../../../../contract/perp/tiers.ts';
import type { LivePosition } from './contract-live.ts';

const LIMIT = 2 ** 52;
const BP = 10_000n; // RATE_ONE / 10^4: one basis point

/**
 * The inputs of positions that share one grid and tier table (a pair's), as numbers in parallel arrays (slot i is
 * the i-th position handed in): a tick walks a few flat arrays instead of thousands of objects. `ok[i]` is 0 for a
 * position whose inputs do not fit the fast path (it takes the BigInt path).
 */
export interface FastBook {
  n: number;
  ok: Uint8Array;
  /** +1 long, −1 short */
  side: Float64Array;
  qty: Float64Array;
  entryValue: Float64Array;
  margin: Float64Array;
  roeBase: Float64Array;
  /** NaN without a liquidation price */
  liq: Float64Array;
  /** value units → micro-USDT: × up (value scale < 6) or ÷ down (≥ 6); the other is 1 */
  up: number;
  down: number;
  tiers: FastTiers;
}

/** A tier table as numbers: upper notional (micro-USDT), MMR in basis points, cum (micro-USDT). */
export interface FastTiers {
  max: Float64Array;
  bp: Float64Array;
  cum: Float64Array;
}

const small = (x: bigint): boolean => x < BigInt(LIMIT) && x > -BigInt(LIMIT);

/** One per table (tiersOf hands out two): books share it, so a tick walks one small table per pair. */
const tables = new WeakMap<readonly Tier[], FastTiers | null>();

function fastTiers(tiers: readonly Tier[]): FastTiers | null {
  let t = tables.get(tiers);
  if (t !== undefined) return t;
  const n = tiers.length;
  t = { max: new Float64Array(n), bp: new Float64Array(n), cum: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    const r = tiers[i]!;
    // a rate finer than a basis point, or figures past the range, keep the table's positions on the BigInt path
    if (r.mmr % BP !== 0n || !small(r.maxNotional) || !small(r.cum)) {
      t = null;
      break;
    }
    t.max[i] = Number(r.maxNotional);
    t.bp[i] = Number(r.mmr / BP);
    t.cum[i] = Number(r.cum);
  }
  tables.set(tiers, t);
  return t;
}

const NO_TIERS: FastTiers = { max: new Float64Array(0), bp: new Float64Array(0), cum: new Float64Array(0) };

/** The book of positions that all have the first one's grid and tier table (the caller groups them so). */
export function fastBook(positions: readonly LivePosition[]): FastBook {
  const n = positions.length;
  const first = positions[0];
  const vs = first ? first.grid.priceDecimals + first.grid.qtyDecimals : 6;
  const tiers = first ? fastTiers(first.tiers) : null;
  const b: FastBook = {
    n,
    ok: new Uint8Array(n),
    side: new Float64Array(n),
    qty: new Float64Array(n),
    entryValue: new Float64Array(n),
    margin: new Float64Array(n),
    roeBase: new Float64Array(n),
    liq: new Float64Array(n),
    up: vs < 6 ? 10 ** (6 - vs) : 1,
    down: vs >= 6 ? 10 ** (vs - 6) : 1,
    tiers: tiers ?? NO_TIERS,
  };
  for (let i = 0; i < n; i++) {
    const p = positions[i]!;
    const { qty, entryValue, margin } = p.math;
    const fits =
      tiers !== null &&
      p.tiers === first!.tiers &&
      p.grid.priceDecimals + p.grid.qtyDecimals === vs &&
      small(qty) &&
      small(entryValue) &&
      small(margin) &&
      small(p.roeBase) &&
      (p.liq === null || small(p.liq));
    if (!fits) continue;
    b.ok[i] = 1;
    b.side[i] = p.math.side;
    b.qty[i] = Number(qty);
    b.entryValue[i] = Number(entryValue);
    b.margin[i] = Number(margin);
    b.roeBase[i] = Number(p.roeBase);
    b.liq[i] = p.liq === null ? NaN : Number(p.liq);
  }
  return b;
}

/** One position's book (tests, and a caller with a single position); null when it does not fit. */
export function fastInputs(p: LivePosition): FastBook | null {
  const b = fastBook([p]);
  return b.ok[0] ? b : null;
}

/** a ÷ d rounded toward −∞, exact for integers |a| < 2^52 and 0 < d < 2^52 (the float quotient is off by ≤ 1). */
function floorDiv(a: number, d: number): number {
  if (d === 1) return a;
  let q = Math.floor(a / d);
  const r = a - q * d;
  if (r < 0) q -= 1;
  else if (r >= d) q += 1;
  return q;
}

const ceilDiv = (a: number, d: number): number => -floorDiv(-a, d);

/**
 * n·100^steps / d (d > 0) as an integer, truncated toward zero, or rounded up when `ceil` (n ≥ 0 then): long
 * division two digits at a time, so nothing passes 100·d; null when d or the result is past the exact range.
 */
function scaledQuotient(n: number, d: number, steps: number, ceil: boolean): number | null {
  if (!(d * 100 < LIMIT)) return null;
  const neg = n < 0;
  let r = neg ? -n : n;
  let q = floorDiv(r, d);
  r -= q * d;
  for (let i = 0; i < steps; i++) {
    r *= 100;
    const digit = floorDiv(r, d);
    q = q * 100 + digit;
    r -= digit * d;
  }
  if (ceil && r > 0) q += 1;
  if (!(q < LIMIT)) return null;
  return neg ? -q : q;
}
const truncDiv = (a: number, d: number): number => (a < 0 ? -floorDiv(-a, d) : floorDiv(a, d));
const fits = (x: number): boolean => x < LIMIT && x > -LIMIT;

/** One position's figures on a mark; NaN stands for '' (no base, no ratio, no liquidation price). */
export interface Figures {
  pnl: number;
  roe: number;
  ratio: number;
  distance: number;
  /** the ratio in percent, a colour threshold only (Infinity beyond 100 % or above the tier table) */
  ratioValue: number;
}

export function emptyFigures(): Figures {
  return { pnl: 0, roe: NaN, ratio: NaN, distance: NaN, ratioValue: Infinity };
}

/**
 * Writes the figures of position `i` of book `b` at `mark` (price units, > 0) into `out`; false when it is not
 * on the fast path or a step would leave the exact range.
 */
export function figuresAt(b: FastBook, i: number, mark: number, out: Figures): boolean {
  if (b.ok[i] !== 1) return false;
  const value = b.qty[i]! * mark;
  if (!(value < LIMIT)) return false;
  const scaled = b.side[i]! * (value - b.entryValue[i]!) * b.up;
  const notionalScaled = value * b.up;
  if (!fits(scaled) || !(notionalScaled < LIMIT)) return false;
  const pnl = floorDiv(scaled, b.down);
  const notional = floorDiv(notionalScaled, b.down);
  out.pnl = pnl;
  const base = b.roeBase[i]!;
  if (base > 0) {
    const x = pnl * 10_000;
    const roe = fits(x) ? truncDiv(x, base) : scaledQuotient(pnl, base, 2, false);
    if (roe === null) return false;
    out.roe = roe;
  } else out.roe = NaN;
  const liq = b.liq[i]!;
  if (liq === liq) {
    const d = (mark > liq ? mark - liq : liq - mark) * 10_000;
    if (!fits(d)) return false;
    out.distance = floorDiv(d, mark);
  } else out.distance = NaN;
  const t = b.tiers;
  let tier = -1;
  for (let i = 0; i < t.max.length; i++)
    if (notional <= t.max[i]!) {
      tier = i;
      break;
    }
  const balance = b.margin[i]! + pnl;
  if (tier < 0 || balance <= 0) {
    out.ratio = NaN;
    out.ratioValue = Infinity;
    return true;
  }
  const mm = maintenance(notional, t.bp[tier]!, t.cum[tier]!);
  // never below 0 (cum keeps MM continuous across tiers); the BigInt path answers if it ever were
  if (!(mm >= 0 && mm < LIMIT)) return false;
  const m4 = mm * 10_000;
  let rate: number | null;
  if (m4 < LIMIT && balance * 10_000 < LIMIT) {
    // ceil(mm·10^8 / balance) = q·10^4 + ceil(r·10^4 / balance), q and r the quotient and rest of mm·10^4
    const q = floorDiv(m4, balance);
    rate = q * 10_000 + ceilDiv((m4 - q * balance) * 10_000, balance);
  } else rate = scaledQuotient(mm, balance, 4, true);
  if (rate === null || !(rate < LIMIT)) return false;
  out.ratio = floorDiv(rate, 10_000);
  out.ratioValue = rate / 1_000_000;
  return true;
}

/** ceil(notional·bp / 10^4) − cum; split as a·bp + ceil(b·bp / 10^4) (notional = a·10^4 + b) when large. */
function maintenance(notional: number, bp: number, cum: number): number {
  const nb = notional * bp;
  if (nb < LIMIT) return ceilDiv(nb, 10_000) - cum;
  const a = floorDiv(notional, 10_000);
  return a * bp + ceilDiv((notional - a * 10_000) * bp, 10_000) - cum;
}

/** figuresAt for a one-position book (fastInputs). */
export function figures(b: FastBook, mark: number, out: Figures): boolean {
  return figuresAt(b, 0, mark, out);
}

const pct = (x: number): string => (x === x ? formatMinor(x, 2) : '');

/** The display row of figures, as liveView writes it. */
export function viewOf(id: number, mark: number, priceDecimals: number, f: Figures): ContractLiveView {
  return {
    id,
    mark: formatMinor(mark, priceDecimals),
    pnl: formatMinor(f.pnl, 6),
    roe: pct(f.roe),
    marginRatio: pct(f.ratio),
    liqDistance: pct(f.distance),
    pnlSign: f.pnl > 0 ? 1 : f.pnl < 0 ? -1 : 0,
    marginRatioValue: f.ratioValue,
  };
}
