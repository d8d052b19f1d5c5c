// Today's P&L through the worker's positions feed on the real worker feeds (fake socket, fake timers): rows
// and totals carry it exactly (checked against decimal.js) and ticks move it; a position without the server's
// today's inputs shows none (nor do the totals); a moved previous close (a new PSX trading day) re-bases the
// figures at once, asks the app to read the hold list again, and the server's answer then stands.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticker } from '../../../workers/protocol/market.ts';
import { positionKey, type PositionsUpdate } from '../../../workers/protocol/positions-api.ts';
import type { Position } from '../../../workers/protocol/trade.ts';
import { ticker } from '../worker/fakes.ts';
import { createHarness } from '../worker/service-harness.ts';
import { Decimal, refMoney, type D } from './decimal-reference.ts';

const signed = (d: D) => refMoney(d, true);

afterEach(() => {
  vi.useRealTimers();
});

interface Today {
  qty: string;
  todayQty: string;
  todayCost: string;
  prevClose: string;
}
const base = (p: Today) => new Decimal(p.qty).minus(p.todayQty).times(p.prevClose).plus(p.todayCost);
const todayPnl = (p: Today, last: string) => new Decimal(p.qty).times(last).minus(base(p));
const todayPct = (p: Today, last: string) => `${signed(todayPnl(p, last).times(100).div(base(p)))}%`;

function position(symbol: string, qty: string, cost: string, last: string, today?: Partial<Today>): Position {
  return {
    symbol,
    nameEn: symbol,
    nameUr: symbol,
    qty,
    available: new Decimal(qty).minus(today?.todayQty ?? '0').toFixed(),
    locked: today?.todayQty ?? '0',
    avgCost: new Decimal(cost).div(qty).toFixed(4, Decimal.ROUND_DOWN),
    cost,
    lastPrice: last,
    marketValue: cost,
    pnl: '0.00',
    pnlPct: '0.00',
    ...today,
  };
}

let seq = 0;
const push = (h: ReturnType<typeof createHarness>, list: Ticker[]) =>
  h.socket().push({ op: 'delta', ch: 'tickers:psx', seq: ++seq, ts: 0, data: list });

function setup() {
  const h = createHarness(new Map());
  h.socket().open();
  seq = 1;
  h.socket().push({ op: 'snap', ch: 'tickers:psx', seq, ts: 0, data: [] });
  let seen = 0;
  const fresh = (): PositionsUpdate[] => {
    const all = h.batches.flatMap((b) => (b.positions ? [b.positions] : []));
    const out = all.slice(seen);
    seen = all.length;
    return out;
  };
  return { h, fresh };
}

// 1,000 shares: 600 held from before today at a previous close of 100.37, 400 bought today for 40,123.4567
// (fees included, four places as the server's cost can have); and 250 BBB, none bought today.
const A: Today = { qty: '1000', todayQty: '400', todayCost: '40123.4567', prevClose: '100.37' };
const B: Today = { qty: '250', todayQty: '0', todayCost: '0', prevClose: '20.05' };

describe("today's P&L in the positions feed", () => {
  it('rows and totals carry it exactly, and each tick moves it exactly', async () => {
    const { h, fresh } = setup();
    h.service.subscribe([positionKey('AAA')]);
    h.worker.account.loaded!.positions.set('real', [
      position('AAA', '1000', '100500.00', '100.10', A),
      position('BBB', '250', '5000.00', '20.00', B),
    ]);
    await h.advance(110);
    let [u] = fresh();
    let row = u!.rows![0]!.live;
    expect(row.todayPnl).toBe(refMoney(todayPnl(A, '100.10'), true));
    expect(row.todayPnl).toBe('-245.45'); // 100,100 − (60,222 + 40,123.4567) = −245.4567, truncated
    expect(row.todayPnlPct).toBe(todayPct(A, '100.10'));
    expect(row.todayPnlValue).toBeLessThan(0);
    const total = (a: string, b: string) => todayPnl(A, a).plus(todayPnl(B, b));
    const totalBase = base(A).plus(base(B));
    expect(u!.totals).toMatchObject({
      todayPnl: refMoney(total('100.10', '20.00'), true),
      todayPnlPct: `${signed(total('100.10', '20.00').times(100).div(totalBase))}%`,
    });

    // Ticks: every move lands to the paisa, on the row and in the totals.
    const path: [string, string][] = [
      ['100.55', '20.00'],
      ['100.56', '20.31'],
      ['99.07', '19.99'],
      ['100.37', '20.05'],
    ];
    let t = 2000;
    for (const [a, b] of path) {
      push(h, [
        ticker('AAA', a, (t += 10), { pc: A.prevClose }),
        ticker('BBB', b, (t += 10), { pc: B.prevClose }),
      ]);
      await h.advance(110);
      [u] = fresh();
      row = u!.rows![0]!.live;
      expect(row.todayPnl).toBe(refMoney(todayPnl(A, a), true));
      expect(row.todayPnlPct).toBe(todayPct(A, a));
      expect(Math.sign(row.todayPnlValue!)).toBe(todayPnl(A, a).toDecimalPlaces(2, 1).comparedTo(0));
      expect(u!.totals!.todayPnl).toBe(refMoney(total(a, b), true));
      expect(u!.reread).toBeUndefined();
    }
    // At the previous close the old shares made nothing today; today's made last × 400 − their cost.
    expect(row.todayPnl).toBe(signed(new Decimal('100.37').times(400).minus(A.todayCost)));
  });

  it('is empty without the server’s prevClose, for that row and for the totals', async () => {
    const { h, fresh } = setup();
    h.service.subscribe([positionKey('AAA'), positionKey('OLD')]);
    h.worker.account.loaded!.positions.set('real', [
      position('AAA', '1000', '100500.00', '100.10', A),
      position('OLD', '10', '100.00', '10.00'),
    ]);
    push(h, [ticker('OLD', '11.00', 2000, { pc: '9.00' })]);
    await h.advance(110);
    const [u] = fresh();
    const rows = Object.fromEntries(u!.rows!.map((r) => [r.symbol, r.live]));
    expect(rows.AAA!.todayPnl).toBe('-245.45');
    expect(rows.OLD).toMatchObject({ todayPnl: '', todayPnlPct: '', todayPnlValue: 0, pnl: '+10.00' });
    expect(u!.totals).toMatchObject({ todayPnl: '', todayPnlPct: '' });
    expect(u!.reread).toBeUndefined();
  });

  it('a moved previous close re-bases today at once, asks for a re-read once, and the answer stands', async () => {
    const { h, fresh } = setup();
    h.service.subscribe([positionKey('AAA')]);
    h.worker.account.loaded!.positions.set('real', [position('AAA', '1000', '100500.00', '100.10', A)]);
    // The same close spelt otherwise, and a listing without a reference close ('0'), change nothing.
    push(h, [ticker('AAA', '100.10', 2000, { pc: '100.370' })]);
    push(h, [ticker('AAA', '100.10', 2010, { pc: '0' })]);
    await h.advance(110);
    let [u] = fresh();
    expect(u!.rows![0]!.live.todayPnl).toBe('-245.45');
    expect(u!.reread).toBeUndefined();

    // A new PSX day opens: yesterday's last (100.20) is the close; yesterday's buys are no longer today's.
    push(h, [ticker('AAA', '100.25', 3000, { pc: '100.20' })]);
    await h.advance(110);
    [u] = fresh();
    expect(u!.reread).toBe(true);
    const rolled: Today = { qty: '1000', todayQty: '0', todayCost: '0', prevClose: '100.20' };
    expect(u!.rows![0]!.live).toMatchObject({ todayPnl: '+50.00', todayPnlPct: todayPct(rolled, '100.25') });
    expect(u!.totals!.todayPnl).toBe('+50.00');
    // Further ticks on the new day do not ask again.
    push(h, [ticker('AAA', '100.30', 3100, { pc: '100.20' })]);
    await h.advance(110);
    [u] = fresh();
    expect(u!.reread).toBeUndefined();
    expect(u!.rows![0]!.live.todayPnl).toBe('+100.00');

    // The re-read: the server's own figures for the new day (here 10 shares bought at the open) stand.
    const next: Today = { qty: '1010', todayQty: '10', todayCost: '1003.1234', prevClose: '100.20' };
    h.worker.account.loaded!.positions.set('real', [position('AAA', '1010', '101503.12', '100.30', next)]);
    await h.advance(110);
    [u] = fresh();
    expect(u!.reread).toBeUndefined();
    expect(u!.rows![0]!.live.todayPnl).toBe(refMoney(todayPnl(next, '100.30'), true));
    expect(u!.totals!.todayPnl).toBe(refMoney(todayPnl(next, '100.30'), true));
  });
});
