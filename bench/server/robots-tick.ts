// The robots' evaluation cost per market tick (issue 18's bench): 10,000 running robots (a third each DCA,
// grid and 20/50 trend, spread over 30 symbols) decide on every tick of a recorded random walk, as the runner's
// in-memory pass does before any order is placed. It measures the strategies' pure evaluation only (the
// database work happens only for robots that act, a small share of ticks); run alone:
// `npx tsx bench/server/robots-tick.ts`. Prints the time per tick and per robot.
import { strategyOf, type Memory, type Strategy } from '../../server/domain/robot/strategies/index.ts';
import type { RobotHoldings } from '../../server/domain/robot/strategies/types.ts';

const ROBOTS = Number(process.env['ROBOTS'] ?? 10_000);
const TICKS = Number(process.env['TICKS'] ?? 200);
const SYMBOLS = 30;

const strategies: Strategy[] = [
  strategyOf('dca', { slices: 10, intervalMin: 60, dipPct: 2, takeProfitPct: 5 }),
  strategyOf('grid', { levels: 8, stepPct: 0.5 }),
  strategyOf('trend', { fast: 20, slow: 50 }),
];
interface Bot {
  s: Strategy;
  sym: number;
  memory: Memory;
  h: RobotHoldings;
}
const bots: Bot[] = Array.from({ length: ROBOTS }, (_, i) => {
  const s = strategies[i % 3]!;
  return { s, sym: i % SYMBOLS, memory: s.start, h: { cash: 2_000_000n, shares: 0n, locked: 0n, cost: 0n } };
});

let seed = 42;
const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const prices = Array.from({ length: SYMBOLS }, () => 10_000n);
const closes: bigint[][] = Array.from({ length: SYMBOLS }, () => []);

let actions = 0;
const started = process.hrtime.bigint();
for (let t = 0; t < TICKS; t++) {
  for (let k = 0; k < SYMBOLS; k++) {
    prices[k] = prices[k]! + BigInt(Math.round((rnd() - 0.5) * 60));
    closes[k]!.push(prices[k]!);
    if (closes[k]!.length > 200) closes[k]!.shift();
  }
  for (const b of bots) {
    const d = b.s.decide(b.memory, b.h, {
      t: t * 60_000,
      price: prices[b.sym]!,
      open: true,
      closes: closes[b.sym]!,
    });
    b.memory = d.memory;
    for (const a of d.actions) {
      actions++;
      const v = a.qty * prices[b.sym]!;
      if (a.side === 'buy') {
        b.h.cash -= v;
        b.h.shares += a.qty;
        b.h.cost += v;
      } else {
        b.h.cost -= (b.h.cost * a.qty) / (b.h.shares + b.h.locked);
        b.h.shares -= a.qty;
        b.h.cash += v;
      }
    }
  }
}
const ns = Number(process.hrtime.bigint() - started);
const perTickMs = ns / TICKS / 1e6;
console.log(
  JSON.stringify({
    robots: ROBOTS,
    ticks: TICKS,
    perTickMs: Number(perTickMs.toFixed(2)),
    perRobotUs: Number(((perTickMs * 1000) / ROBOTS).toFixed(3)),
    actionsPerTick: Number((actions / TICKS).toFixed(1)),
  }),
);
