// Contract positions re-valued on a mark tick (issue 16, "Tests and bench": the worker recomputes 10,000
// contract positions on a mark tick in ≤ 1 ms, exactly). 10,000 seeded positions over 8 pairs of mixed grids
// (BTC's 2/5 places to SHIB's 8/0), both sides, leverage 1–50×, notional 10–40,000 USDT, some with added margin,
// held by the worker's own ContractsFeed. One bench iteration is one mark step: a `mark:<SYM>` for every pair,
// each delivered as the market feed delivers it (one onMark call per pair), so every position is re-valued
// (uPnL, ROE, margin ratio, liquidation distance), the totals (Σ uPnL, positions at risk) are summed, and the
// display strings of the rows on screen (`contract:<id>` interest: 20 rows, a phone's screenful and more) are
// posted when they changed; the second case has all 10,000 on screen (strings for every row). Before measuring,
// with every row on screen, one step's posted rows are checked against decimal.js (all 10,000, figures derived
// from the wire strings, not from contract/perp/), the rows not posted are checked to be unchanged, and the
// totals are checked against decimal.js's sum and count, so a wrong fast path cannot pass.
// Not measured: the structured clone of the post to the main thread.
import { BehaviorSubject } from 'rxjs';
import Decimal from 'decimal.js';
import { bench, describe } from 'vitest';
import { formatMinor } from '../../contract/money.ts';
import { initialMargin, liquidationPrice } from '../../contract/perp/position.ts';
import { tiersOf } from '../../contract/perp/tiers.ts';
import { TAKER_RATE } from '../../server/domain/perp/perp-config.ts';
import { ContractsFeed } from '../../workers/market/feeds/contracts/contracts-feed.ts';
import type { PriceBoard } from '../../workers/market/feeds/market/price-board.ts';
import type { FeedContext } from '../../workers/market/host/feed.ts';
import type { ContractLiveView, ContractPositionInput } from '../../workers/protocol/contracts-api.ts';
import type { WorkerBatch } from '../../workers/protocol/worker-api.ts';
import { prng } from './seeded.ts';

const N = Number(process.env.PERP_BENCH_POSITIONS ?? 10_000);
// [base, anchor price, price decimals, quantity decimals] (server/domain/market/crypto-pairs.ts)
const PAIRS = [
  ['BTC', 95_250, 2, 5],
  ['ETH', 3215.4, 2, 4],
  ['SOL', 182.35, 2, 3],
  ['XRP', 2.3145, 4, 1],
  ['DOGE', 0.18234, 5, 0],
  ['LINK', 15.12, 2, 2],
  ['DOT', 3.512, 3, 2],
  ['SHIB', 0.00001205, 8, 0],
] as const;
const STEPS = 64;

const rnd = prng(1616);
const units = (x: number, d: number) => BigInt(Math.max(1, Math.round(x * 10 ** d)));

const positions: ContractPositionInput[] = Array.from({ length: N }, (_, i) => {
  const [base, anchor, pd, qd] = PAIRS[i % PAIRS.length]!;
  const grid = { priceDecimals: pd, qtyDecimals: qd };
  const tiers = tiersOf(base);
  const side = rnd() < 0.5 ? 'long' : 'short';
  const leverage = 1 + Math.floor(rnd() * 50);
  const entry = units(anchor * (0.95 + rnd() * 0.1), pd);
  const qty = units((10 + rnd() * 40_000) / anchor, qd);
  const entryValue = qty * entry;
  const im = initialMargin(grid, qty, entry, leverage);
  const margin = rnd() < 0.3 ? im + (im * BigInt(Math.floor(rnd() * 50))) / 100n : im;
  const math = { side: side === 'long' ? 1 : -1, qty, entryValue, margin } as const;
  const liq = liquidationPrice(grid, tiers, math, TAKER_RATE);
  return {
    id: i + 1,
    symbol: `${base}USDT`,
    side,
    qty: formatMinor(qty, qd),
    entryValue: formatMinor(entryValue, pd + qd),
    margin: formatMinor(margin, 6),
    leverage,
    markPrice: formatMinor(entry, pd),
    lastPrice: formatMinor(entry, pd),
    liqPrice: liq === null ? null : formatMinor(liq, pd),
  };
});

/** Each pair's mark on each step: a seeded walk of ±0.4 % a step around the anchor. */
const steps: Map<string, string>[] = [];
{
  const level: number[] = PAIRS.map(([, anchor]) => anchor);
  const prev: bigint[] = PAIRS.map(() => 0n);
  for (let k = 0; k < STEPS; k++) {
    steps.push(
      new Map(
        PAIRS.map(([base, anchor, pd], j) => {
          level[j] = Math.min(anchor * 1.2, Math.max(anchor * 0.8, level[j]! * (1 + (rnd() - 0.5) * 0.008)));
          let m = units(level[j]!, pd);
          // every step moves every mark by at least a tick (SHIB's is 1/1205 of its price)
          if (m === prev[j]) m += 1n;
          prev[j] = m;
          return [`${base}USDT`, formatMinor(m, pd)];
        }),
      ),
    );
  }
}

// The market feed's side of the board as the contracts feed sees it: the published marks and their hook.
const marks = new Map<string, string>();
const markListeners: ((symbol: string) => void)[] = [];
const board = {
  price: () => undefined,
  mark: (s: string) => marks.get(s),
  onTickers: () => {},
  onMark: (l: (s: string) => void) => void markListeners.push(l),
} as unknown as PriceBoard;
let posted: WorkerBatch[] = [];
const ctx: FeedContext = {
  deps: {} as FeedContext['deps'],
  opts: { apiBase: '/api/', wsUrl: null } as unknown as FeedContext['opts'],
  hidden$: new BehaviorSubject(false),
  online$: new BehaviorSubject(true),
  post: (batch) => void posted.push(batch),
  listening: () => true,
};
const feed = new ContractsFeed(board);
feed.start(ctx);
feed.setContractPositions('1:real', positions);

/** One mark step: every pair's mark:<SYM> arrives, one message (one onMark) each. */
function markStep(k: number): void {
  for (const [s, m] of steps[k % STEPS]!) {
    marks.set(s, m);
    for (const l of markListeners) l(s);
  }
}

// ---- Exactness: decimal.js from the wire strings, independent of contract/perp/ ----
const D = Decimal.clone({ precision: 60 });
const fixed = (x: Decimal, dp: number, rm: Decimal.Rounding) => {
  const r = x.toDecimalPlaces(dp, rm);
  return (r.isZero() ? new D(0) : r).toFixed(dp);
};
function reference(p: ContractPositionInput, markText: string): Omit<ContractLiveView, 'id' | 'pnlSign'> {
  const s = p.side === 'long' ? 1 : -1;
  const q = new D(p.qty);
  const mark = new D(markText);
  const pnl = q.times(mark).minus(p.entryValue).times(s).toDecimalPlaces(6, D.ROUND_FLOOR);
  const base = new D(p.entryValue).div(p.leverage).toDecimalPlaces(6, D.ROUND_CEIL);
  const notional = q.times(mark).toDecimalPlaces(6, D.ROUND_FLOOR);
  const tier = tiersOf(p.symbol.replace(/USDT$/, '')).find((t) =>
    notional.lte(new D(t.maxNotional.toString()).div(1e6)),
  );
  const balance = new D(p.margin).plus(pnl);
  let ratio = '';
  if (tier && balance.gt(0)) {
    const mm = notional
      .times(new D(tier.mmr.toString()).div(1e8))
      .toDecimalPlaces(6, D.ROUND_CEIL)
      .minus(new D(tier.cum.toString()).div(1e6));
    const rate = mm.div(balance).times(1e8).toDecimalPlaces(0, D.ROUND_CEIL);
    ratio = fixed(rate.div(1e6), 2, D.ROUND_DOWN);
  }
  const dist =
    p.liqPrice === null ? '' : fixed(mark.minus(p.liqPrice).abs().div(mark).times(100), 2, D.ROUND_DOWN);
  return {
    mark: markText,
    pnl: pnl.toFixed(6),
    roe: base.gt(0) ? fixed(pnl.div(base).times(100), 2, D.ROUND_DOWN) : '',
    marginRatio: ratio,
    liqDistance: dist,
    marginRatioValue: 0,
  };
}
const shown = (v: Omit<ContractLiveView, 'id' | 'pnlSign'>) =>
  `${v.mark}|${v.pnl}|${v.roe}|${v.marginRatio}|${v.liqDistance}`;

const SCREEN = 20;
const show = (ids: Iterable<number>, on: boolean) => {
  for (const id of ids) (on ? feed.activate : feed.deactivate).call(feed, `contract:${id}`);
};
const allIds = positions.map((p) => p.id);

function checkExact(): void {
  show(allIds, true);
  posted = [];
  markStep(0);
  const before = new Map(positions.map((p) => [p.id, shown(reference(p, steps[0]!.get(p.symbol)!))]));
  posted = [];
  markStep(1);
  const rows = new Map<number, ContractLiveView>();
  for (const b of posted) for (const r of b.contracts?.rows ?? []) rows.set(r.id, r);
  let changed = 0;
  for (const p of positions) {
    const want = reference(p, steps[1]!.get(p.symbol)!);
    const got = rows.get(p.id);
    if (got) {
      if (shown(got) !== shown(want)) throw new Error(`position ${p.id}: ${shown(got)} ≠ ${shown(want)}`);
      changed++;
    } else if (before.get(p.id) !== shown(want))
      throw new Error(`position ${p.id} changed but was not posted`);
  }
  if (changed < N * 0.9)
    throw new Error(`only ${changed} of ${N} rows changed: the step does not exercise the diff`);
  // the totals: Σ of the rows' cut-down uPnL, and the rows at ≥ 80 % margin ratio or past 100 %
  let sum = new D(0);
  let atRisk = 0;
  for (const p of positions) {
    const want = reference(p, steps[1]!.get(p.symbol)!);
    sum = sum.plus(want.pnl);
    if (want.marginRatio === '' || new D(want.marginRatio).gte(80)) atRisk++;
  }
  const totals = posted.findLast((b) => b.contracts?.totals)?.contracts?.totals;
  if (!totals || totals.pnl !== sum.toFixed(6) || totals.atRisk !== atRisk || totals.count !== N)
    throw new Error(`totals ${JSON.stringify(totals)} ≠ ${sum.toFixed(6)} with ${atRisk} at risk`);
  posted = [];
  show(allIds.slice(SCREEN), false);
}
checkExact();

let k = 2;
describe(`contracts: ${N.toLocaleString('en')} positions on a mark tick`, () => {
  bench(
    `mark step of ${PAIRS.length} pairs → ${N} positions re-valued, totals, ${SCREEN} rows on screen posted (exact)`,
    () => {
      markStep(k++);
      posted = [];
    },
  );
  bench(
    `mark step of ${PAIRS.length} pairs → ${N} positions re-valued, totals, all ${N} rows on screen posted (exact)`,
    () => {
      markStep(k++);
      posted = [];
    },
    {
      setup: () => show(allIds, true),
      teardown: () => show(allIds.slice(SCREEN), false),
    },
  );
});
