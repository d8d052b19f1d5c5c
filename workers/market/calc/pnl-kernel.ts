// The arithmetic core of the P&L calculators, in two interchangeable representations of the same scaled
// integers: float64 holding integers (exact while every magnitude stays within 2^53, proven by a bound that is
// checked on every change) and BigInt (exact always, ~20× slower). calc/pnl.ts picks float64 whenever the
// bound holds and falls back to BigInt the moment it would not, so results never depend on the choice.
//
// Scales: quantities at QS places, prices at PS, money (cost, today's base, market value, P&L) at MS ≥ QS + PS;
// `f` = 10^(MS − QS − PS) lifts qty × price to the money scale. Quantities, prices, costs and bases are never
// negative here (calc/pnl.ts sends anything else to BigInt), which is what makes the running-sum bound valid:
// with non-negative integer terms, a float sum is exact until it first reaches 2^53, and is ≥ 2^53 after.
// Today's P&L is market value − today's base (a constant per position, see calc/pnl.ts), so it costs a tick
// nothing more than the floating P&L does.

export interface KernelInput {
  /** Per position: quantity digits at QS, cost digits at MS, symbol index. */
  qty: readonly string[];
  cost: readonly string[];
  /** Per position: today's base digits at MS ((qty − today's qty) × previous close + today's cost). */
  base: readonly string[];
  sym: Int32Array;
  /** Per symbol: price digits at PS. */
  px: readonly string[];
  /** MS − QS − PS. */
  lift: number;
}

export interface PnlKernel {
  readonly kind: 'float' | 'bigint';
  /** New price of symbol s (digits at PS); false when the float kernel could not stay exact (rebuild as BigInt). */
  setPrice(s: number, digits: string): boolean;
  /** Recomputes every position and every aggregate from the inputs; false as above. */
  recompute(): boolean;
  marketValue(i: number): number | bigint;
  pnl(i: number): number | bigint;
  cost(i: number): number | bigint;
  base(i: number): number | bigint;
  todayPnl(i: number): number | bigint;
  totalMarketValue(): number | bigint;
  totalCost(): number | bigint;
  totalPnl(): number | bigint;
  totalBase(): number | bigint;
  totalTodayPnl(): number | bigint;
}

const MAX = Number.MAX_SAFE_INTEGER;

function safe(digits: string): number {
  const v = Number(digits);
  return Number.isSafeInteger(v) && v >= 0 ? v : NaN;
}

/** The float64 kernel, or null when some input or the totals do not fit its exact range. */
export function floatKernel(input: KernelInput): PnlKernel | null {
  const n = input.qty.length;
  const ns = input.px.length;
  const qty = new Float64Array(n);
  const cost = new Float64Array(n);
  const base = new Float64Array(n);
  const px = new Float64Array(ns);
  for (let i = 0; i < n; i++) {
    qty[i] = safe(input.qty[i]!);
    cost[i] = safe(input.cost[i]!);
    base[i] = safe(input.base[i]!);
    if (Number.isNaN(qty[i]! + cost[i]! + base[i]!)) return null;
  }
  for (let s = 0; s < ns; s++) {
    px[s] = safe(input.px[s]!);
    if (Number.isNaN(px[s]!)) return null;
  }
  const f = 10 ** input.lift;
  if (!Number.isSafeInteger(f)) return null;
  const sym = input.sym;
  const symQty = new Float64Array(ns);
  const symMv = new Float64Array(ns);
  const posMv = new Float64Array(n);
  const posPnl = new Float64Array(n);
  let tm = 0;
  let tc = 0;
  let tb = 0;

  const k: PnlKernel = {
    kind: 'float',
    setPrice(s, digits) {
      const p = safe(digits);
      if (Number.isNaN(p)) return false;
      const mv = symQty[s]! * p * f;
      const next = tm - symMv[s]! + mv;
      if (!(next + tc + tb <= MAX)) return false;
      px[s] = p;
      symMv[s] = mv;
      tm = next;
      return true;
    },
    recompute() {
      symQty.fill(0);
      let m = 0;
      let c = 0;
      let b = 0;
      let q = 0;
      for (let i = 0; i < n; i++) {
        const s = sym[i]!;
        const mv = qty[i]! * px[s]! * f;
        posMv[i] = mv;
        posPnl[i] = mv - cost[i]!;
        symQty[s]! += qty[i]!;
        q += qty[i]!;
        m += mv;
        c += cost[i]!;
        b += base[i]!;
      }
      if (!(m + c + b <= MAX) || !(q <= MAX)) return false;
      for (let s = 0; s < ns; s++) symMv[s] = symQty[s]! * px[s]! * f;
      tm = m;
      tc = c;
      tb = b;
      return true;
    },
    marketValue: (i) => qty[i]! * px[sym[i]!]! * f,
    pnl: (i) => qty[i]! * px[sym[i]!]! * f - cost[i]!,
    cost: (i) => cost[i]!,
    base: (i) => base[i]!,
    todayPnl: (i) => qty[i]! * px[sym[i]!]! * f - base[i]!,
    totalMarketValue: () => tm,
    totalCost: () => tc,
    totalPnl: () => tm - tc,
    totalBase: () => tb,
    totalTodayPnl: () => tm - tb,
  };
  return k.recompute() ? k : null;
}

/** The BigInt kernel: same contract, any magnitude and sign. */
export function bigintKernel(input: KernelInput): PnlKernel {
  const n = input.qty.length;
  const ns = input.px.length;
  const qty = input.qty.map((d) => BigInt(d));
  const cost = input.cost.map((d) => BigInt(d));
  const base = input.base.map((d) => BigInt(d));
  const px = input.px.map((d) => BigInt(d));
  const f = 10n ** BigInt(input.lift);
  const sym = input.sym;
  const symQty = new Array<bigint>(ns).fill(0n);
  const symMv = new Array<bigint>(ns).fill(0n);
  const posMv = new Array<bigint>(n).fill(0n);
  const posPnl = new Array<bigint>(n).fill(0n);
  let tm = 0n;
  let tc = 0n;
  let tb = 0n;
  const k: PnlKernel = {
    kind: 'bigint',
    setPrice(s, digits) {
      const p = BigInt(digits);
      const mv = symQty[s]! * p * f;
      tm += mv - symMv[s]!;
      px[s] = p;
      symMv[s] = mv;
      return true;
    },
    recompute() {
      symQty.fill(0n);
      let m = 0n;
      let c = 0n;
      let b = 0n;
      for (let i = 0; i < n; i++) {
        const s = sym[i]!;
        const mv = qty[i]! * px[s]! * f;
        posMv[i] = mv;
        posPnl[i] = mv - cost[i]!;
        symQty[s] = symQty[s]! + qty[i]!;
        m += mv;
        c += cost[i]!;
        b += base[i]!;
      }
      for (let s = 0; s < ns; s++) symMv[s] = symQty[s]! * px[s]! * f;
      tm = m;
      tc = c;
      tb = b;
      return true;
    },
    marketValue: (i) => qty[i]! * px[sym[i]!]! * f,
    pnl: (i) => qty[i]! * px[sym[i]!]! * f - cost[i]!,
    cost: (i) => cost[i]!,
    base: (i) => base[i]!,
    todayPnl: (i) => qty[i]! * px[sym[i]!]! * f - base[i]!,
    totalMarketValue: () => tm,
    totalCost: () => tc,
    totalPnl: () => tm - tc,
    totalBase: () => tb,
    totalTodayPnl: () => tm - tb,
  };
  k.recompute();
  return k;
}
