// The positions bench's naive baseline (issue 4 Bench b), used only when the market port has no positions
// (the main-thread `?baseline=1` port): P&L the way a first version would do it — on the main thread, with
// decimal.js, every row recomputed and written on every tick of its symbol (shown or not) and the totals summed
// again over every position after each socket message (per tick they never let the page render at all).
// Same atoms and strings as the worker path, so the bench compares data paths, not screens. Not for users.
import type { Position } from '../../workers/protocol/trade.ts';
import { Dec } from '../shared/format/decimal.ts';
import { formatMoney, formatPct, withThousands } from '../shared/format/numbers.ts';
import type { MarketStore } from './apply-batch.ts';
import { tickerAtomFamily } from './atoms.ts';
import { positionAtomFamily, positionsListAtom, positionTotalsAtom } from './positions-atoms.ts';

const signed = (d: InstanceType<typeof Dec>) => {
  const s = formatMoney(d);
  return d.isPositive() && !/^[0,.]*$/.test(s) ? `+${s}` : s;
};

function pct(pnl: InstanceType<typeof Dec>, cost: InstanceType<typeof Dec>): string {
  return cost.isZero() ? '0.00%' : formatPct(pnl.times(100).div(cost));
}

export function createNaivePositions(store: MarketStore) {
  let held: Position[] = [];
  let unsubs: (() => void)[] = [];
  const last = new Map<string, string>();

  let totalsDue = false;
  const row = (p: Position) => {
    const px = new Dec(last.get(p.symbol) ?? p.lastPrice);
    const m = px.times(p.qty);
    const c = new Dec(p.cost);
    const pnl = m.minus(c);
    const prev = store.get(positionAtomFamily(p.symbol));
    store.set(positionAtomFamily(p.symbol), {
      symbol: p.symbol,
      nameEn: p.nameEn,
      nameUr: p.nameUr,
      qty: withThousands(p.qty),
      available: withThousands(p.available),
      locked: withThousands(p.locked),
      avgCost: formatMoney(p.avgCost),
      cost: formatMoney(c),
      last: withThousands(px.toFixed()),
      marketValue: formatMoney(m),
      pnl: signed(pnl),
      pnlPct: pct(pnl, c),
      pnlValue: pnl.toNumber(),
      pnlPctValue: c.isZero() ? 0 : pnl.div(c).times(100).toNumber(),
      dir: 0,
      flash: (prev?.flash ?? 0) + 1,
    });
  };
  const totals = () => {
    totalsDue = false;
    let mv = new Dec(0);
    let cost = new Dec(0);
    for (const p of held) {
      mv = mv.plus(new Dec(last.get(p.symbol) ?? p.lastPrice).times(p.qty));
      cost = cost.plus(p.cost);
    }
    const pnl = mv.minus(cost);
    store.set(positionTotalsAtom, {
      count: held.length,
      marketValue: formatMoney(mv),
      cost: formatMoney(cost),
      pnl: signed(pnl),
      pnlPct: pct(pnl, cost),
      pnlValue: pnl.toNumber(),
      pnlPctValue: cost.isZero() ? 0 : pnl.div(cost).times(100).toNumber(),
    });
  };

  return {
    set(positions: Position[]): void {
      for (const u of unsubs) u();
      held = positions;
      unsubs = positions.map((p) =>
        store.sub(tickerAtomFamily(p.symbol), () => {
          const t = store.get(tickerAtomFamily(p.symbol));
          if (!t) return;
          last.set(p.symbol, t.price.replace(/,/g, ''));
          row(p);
          if (!totalsDue) {
            totalsDue = true;
            queueMicrotask(totals);
          }
        }),
      );
      store.set(
        positionsListAtom,
        positions.map((p) => p.symbol),
      );
      for (const p of positions) row(p);
      totals();
    },
  };
}
