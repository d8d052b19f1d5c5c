// Each strategy's decisions on recorded price paths (prices in paisa). A path is replayed step by step with a
// tiny paper account that fills every action at the step's price with no fees (the engine does the real fills).
import { describe, expect, it } from 'vitest';
import { strategyOf, type Memory } from '../../../server/domain/robot/strategies/index.ts';
import { maCross } from '../../../server/domain/robot/strategies/trend.ts';
import type { Action, RobotHoldings } from '../../../server/domain/robot/strategies/types.ts';

interface Step {
  price: bigint;
  closes?: bigint[];
  open?: boolean;
  /** a new PSX day: yesterday's buys become sellable */
  newDay?: boolean;
}

function replay(strategy: ReturnType<typeof strategyOf>, cash: bigint, path: Step[], minutes = 60) {
  const r: RobotHoldings = { cash, shares: 0n, locked: 0n, cost: 0n };
  let memory: Memory = strategy.start;
  const log: string[] = [];
  path.forEach((s, i) => {
    if (s.newDay) {
      r.shares += r.locked;
      r.locked = 0n;
    }
    const d = strategy.decide(memory, r, {
      t: i * minutes * 60_000,
      price: s.price,
      open: s.open ?? true,
      closes: s.closes ?? [],
    });
    memory = d.memory;
    for (const a of d.actions) {
      fill(r, a, s.price);
      log.push(`${i}:${a.reason}:${a.qty}`);
    }
  });
  return { r, log, memory };
}

function fill(r: RobotHoldings, a: Action, price: bigint) {
  if (a.side === 'buy') {
    r.cash -= a.qty * price;
    r.locked += a.qty;
    r.cost += a.qty * price;
  } else {
    const held = r.shares + r.locked;
    r.cost -= (r.cost * a.qty) / held;
    r.shares -= a.qty;
    r.cash += a.qty * price;
  }
}

const p = (rupees: number) => BigInt(Math.round(rupees * 100));

describe('DCA', () => {
  const dca = strategyOf('dca', { slices: 4, intervalMin: 60, dipPct: 2, takeProfitPct: 5 });

  it('buys a slice at the start, one per 2 % dip, and takes profit 5 % above the average cost', () => {
    const path: Step[] = [
      { price: p(100) }, // slice 1: 10000 / 4 = 2500 → 24 shares (fee buffer)
      { price: p(99) }, // −1 %: nothing
      { price: p(98), newDay: true }, // −2 % from 100: slice 2
      { price: p(97) },
      { price: p(95) }, // −3.06 % from 98: slice 3
      { price: p(101), newDay: true }, // average ≈ 97.7: +3.4 %, not yet
      { price: p(103) }, // +5.4 %: sell everything sellable, new cycle
      { price: p(104) }, // new cycle: slice 1 again
    ];
    const { log, r } = replay(dca, p(10_000), path);
    expect(log).toEqual(['0:dcaBuy:24', '2:dcaBuy:25', '4:dcaBuy:26', '6:dcaTakeProfit:75', '7:dcaBuy:24']);
    expect(r.shares + r.locked).toBe(24n);
  });

  it('waits intervalMin between buys and does nothing while PSX is closed', () => {
    const { log } = replay(
      dca,
      p(10_000),
      [{ price: p(100) }, { price: p(90) }, { price: p(80), open: false }],
      30,
    );
    // 30 minutes apart: the dip at step 1 comes too soon; step 2 is closed
    expect(log).toEqual(['0:dcaBuy:24']);
  });
});

describe('grid', () => {
  const grid = strategyOf('grid', { levels: 3, stepPct: 1 });

  it('anchors, buys a slice per 1 % fall, sells each slice 1 % above its buy, follows the price up', () => {
    const path: Step[] = [
      { price: p(100) }, // anchor
      { price: p(99) }, // −1 %: buy 1/3 of 9000 → 29 shares (fee buffer: 3000/99.495)
      { price: p(98.01) }, // −1 % from 99: buy 1/2 of the rest
      { price: p(98.99), newDay: true }, // +1 % from 98.01: sell that slice
      { price: p(99.99) }, // +1 % from 99: sell the first slice
      { price: p(101) }, // nothing held, +1 % above the anchor: anchor moves to 101
      { price: p(100) }, // −0.99 % from 101: nothing
      { price: p(99.99) }, // −1 %: buy a third of the cash (9059.10 after two matched pairs)
    ];
    const { log } = replay(grid, p(9_000), path);
    expect(log).toEqual(['1:gridBuy:30', '2:gridBuy:30', '3:gridSell:30', '4:gridSell:30', '7:gridBuy:30']);
  });

  it('holds a slice it cannot sell yet (T+1) and sells it once sellable', () => {
    const { log } = replay(grid, p(9_000), [
      { price: p(100) },
      { price: p(99) },
      { price: p(100) },
      { price: p(100), newDay: true },
    ]);
    expect(log).toEqual(['1:gridBuy:30', '3:gridSell:30']);
  });
});

describe('trend (fast/slow moving-average cross)', () => {
  it('compares the averages exactly', () => {
    expect(maCross([1n, 2n, 3n], 2, 3)).toBe(1);
    expect(maCross([3n, 2n, 1n], 2, 3)).toBe(-1);
    expect(maCross([2n, 2n, 2n], 2, 3)).toBe(0);
    expect(maCross([1n, 2n], 2, 3)).toBe(0);
  });

  it('buys with all its cash when fast crosses above slow, sells when it falls below', () => {
    const trend = strategyOf('trend', { fast: 2, slow: 4 });
    const up = [p(10), p(10), p(11), p(12)];
    const down = [p(12), p(12), p(11), p(10)];
    const { log } = replay(trend, p(1_000), [
      { price: p(10), closes: up.slice(0, 3) }, // not enough closes
      { price: p(12), closes: up }, // fast above: buy 1000/12.06 → 82
      { price: p(12), closes: up }, // in the market: nothing
      { price: p(10), closes: down }, // below, but bought today (T+1): nothing to sell
      { price: p(10), closes: down, newDay: true }, // sell
    ]);
    expect(log).toEqual(['1:trendBuy:82', '4:trendSell:82']);
  });

  it('refuses parameters it cannot run with', () => {
    expect(() => strategyOf('trend', { fast: 50, slow: 20 })).toThrow();
    expect(() => strategyOf('grid', { levels: 0, stepPct: 1 })).toThrow();
    expect(() => strategyOf('dca', { slices: 4, intervalMin: 60, dipPct: 'x', takeProfitPct: 5 })).toThrow();
  });
});
