// The positions bench's naive baseline (issue 4 Bench b): the positions half of the main-thread `?baseline=1`
// port (naive-port.ts), in the bench build only (bench/app/): P&L the way a first version would do it — on the main thread, with
// decimal.js, every row recomputed and written on every tick of its symbol (shown or not) and the totals summed
// again over every position after each socket message (per tick they never let the page render at all).
// Floating and today's P&L both, by the worker's rules (calc/pnl.ts: today's P&L = qty × last − base, base =
// (qty − todayQty) × prevClose + todayCost, none without the server's prevClose, nor totals then; a zero base
// or cost gives ±∞%), so the bench compares data paths, not screens. The balances the totals card shows
// (available, frozen) come with the same per-message sums, as the worker's account feed adds the live market
// value to them (calc/assets.ts). Not for users.
import type { Assets, Position } from '../../workers/protocol/trade.ts';
import Decimal from 'decimal.js';
import { formatMoney, withThousands } from '../../src/shared/format/numbers.ts';
import type { MarketStore } from '../../src/market/market-port.ts';
import { assetsViewAtom } from '../../src/market/account-atoms.ts';
import { tickerAtomFamily } from '../../src/market/atoms.ts';
import {
  positionAtomFamily,
  positionsListAtom,
  positionTotalsAtom,
} from '../../src/market/positions-atoms.ts';

// The naive way keeps its own decimal.js (the app no longer has one): 60 digits, truncating like the display.
const Dec = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -9e15, toExpPos: 9e15 });
type D = InstanceType<typeof Dec>;

const signed = (d: D) => {
  const s = formatMoney(d.toFixed());
  return d.isPositive() && !/^[0,.]*$/.test(s) ? `+${s}` : s;
};

/** pnl / base × 100 truncated, signed and grouped as text, and as a float for sorting; ÷0 is ±∞ (spec). */
function pct(pnl: D, base: D): { text: string; value: number } {
  if (base.isZero()) {
    if (pnl.isZero()) return { text: '0.00%', value: 0 };
    return pnl.isPositive() ? { text: '+∞%', value: Infinity } : { text: '-∞%', value: -Infinity };
  }
  const p = pnl.times(100).div(base);
  return { text: `${signed(p)}%`, value: p.toNumber() };
}

/** Today's base of a position, or null without the server's prevClose (then no today's figures). */
function todayBase(p: Position): D | null {
  if (p.prevClose === undefined) return null;
  return new Dec(p.qty)
    .minus(p.todayQty ?? '0')
    .times(p.prevClose)
    .plus(p.todayCost ?? '0');
}

/** The three today's fields as the worker posts them: empty strings when unknown. */
function todayFields(mv: D, base: D | null) {
  if (!base) return { todayPnl: '', todayPnlPct: '', todayPnlValue: 0 };
  const pnl = mv.minus(base);
  return { todayPnl: signed(pnl), todayPnlPct: pct(pnl, base).text, todayPnlValue: pnl.toNumber() };
}

/** '+1,234.50' → '1,234.50': the balances show a gain without its plus (as calc/assets.ts). */
const unsigned = (s: string) => (s.startsWith('+') ? s.slice(1) : s);

export function createNaivePositions(store: MarketStore) {
  let held: Position[] = [];
  let cash: Assets | null = null;
  let unsubs: (() => void)[] = [];
  const last = new Map<string, string>();
  /** The price each row was last written at: its flash direction, as the worker's. */
  const shown = new Map<string, D>();

  let totalsDue = false;
  const row = (p: Position) => {
    const price = last.get(p.symbol) ?? p.lastPrice;
    const px = new Dec(price);
    const m = px.times(p.qty);
    const c = new Dec(p.cost);
    const pnl = m.minus(c);
    const prevPx = shown.get(p.symbol);
    shown.set(p.symbol, px);
    const prev = store.get(positionAtomFamily(p.symbol));
    const floating = pct(pnl, c);
    store.set(positionAtomFamily(p.symbol), {
      symbol: p.symbol,
      nameEn: p.nameEn,
      nameUr: p.nameUr,
      qty: withThousands(p.qty),
      available: withThousands(p.available),
      locked: withThousands(p.locked),
      avgCost: formatMoney(p.avgCost),
      cost: formatMoney(c.toFixed()),
      last: withThousands(price),
      marketValue: formatMoney(m.toFixed()),
      pnl: signed(pnl),
      pnlPct: floating.text,
      pnlValue: pnl.toNumber(),
      pnlPctValue: floating.value,
      ...todayFields(m, todayBase(p)),
      dir: prevPx === undefined || prevPx.eq(px) ? 0 : px.gt(prevPx) ? 1 : -1,
      flash: (prev?.flash ?? 0) + 1,
    });
  };
  const totals = () => {
    totalsDue = false;
    let mv = new Dec(0);
    let cost = new Dec(0);
    let base: D | null = new Dec(0);
    for (const p of held) {
      mv = mv.plus(new Dec(last.get(p.symbol) ?? p.lastPrice).times(p.qty));
      cost = cost.plus(p.cost);
      const b = todayBase(p);
      base = base && b ? base.plus(b) : null;
    }
    const pnl = mv.minus(cost);
    const floating = pct(pnl, cost);
    const today = todayFields(mv, base);
    if (cash) {
      const available = new Dec(cash.available);
      const frozen = new Dec(cash.frozen);
      store.set(assetsViewAtom, {
        total: formatMoney(available.plus(frozen).plus(mv).toFixed()),
        available: formatMoney(available.toFixed()),
        frozen: formatMoney(frozen.toFixed()),
        marketValue: formatMoney(mv.toFixed()),
        floatingPnl: unsigned(signed(pnl)),
        floatingPnlValue: pnl.toNumber(),
        todayPnl: unsigned(today.todayPnl),
        todayPnlValue: today.todayPnlValue,
      });
    }
    store.set(positionTotalsAtom, {
      count: held.length,
      marketValue: formatMoney(mv.toFixed()),
      cost: formatMoney(cost.toFixed()),
      pnl: signed(pnl),
      pnlPct: floating.text,
      pnlValue: pnl.toNumber(),
      pnlPctValue: floating.value,
      ...today,
    });
  };

  return {
    /** The account's holdings (and its cash, for the balances): every row and the totals priced at once. */
    set(positions: Position[], assets: Assets | null = null): void {
      for (const u of unsubs) u();
      held = positions;
      cash = assets;
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
      // The market snapshot usually arrived first: price at it, as the worker's price board does, not at the
      // hold list's last price until each symbol's next tick.
      for (const p of positions) {
        const t = store.get(tickerAtomFamily(p.symbol));
        if (t) last.set(p.symbol, t.price.replace(/,/g, ''));
      }
      for (const p of positions) row(p);
      totals();
    },
    /** Stops pricing (the account changed); writes nothing, so the screen shows loading as the app's reset left it. */
    clear(): void {
      for (const u of unsubs) u();
      unsubs = [];
      held = [];
      cash = null;
    },
  };
}
