// The bench's naive main-thread baseline shows today's P&L as the worker does: per row and in total, the same
// strings (checked against the worker's calculators over random portfolios and ticks), the sign that colours
// it, '' without the server's prevClose (and then no total), ±∞% on a zero base; ticks move it.
import fc from 'fast-check';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  applyPrices,
  createPnlBook,
  positionFigures,
  todayFigures,
  totalFigures,
  totalTodayFigures,
} from '../../../workers/market/calc/pnl.ts';
import { calcAssetsView } from '../../../workers/market/calc/assets.ts';
import type { Assets, Position } from '../../../workers/protocol/trade.ts';
import type { TickerView } from '../../../src/market/atoms.ts';
import { tickerAtomFamily } from '../../../src/market/atoms.ts';
import { createNaivePositions } from '../../../bench/app/naive-positions.ts';
import { positionAtomFamily, positionTotalsAtom } from '../../../src/market/positions-atoms.ts';
import { assetsViewAtom } from '../../../src/market/account-atoms.ts';
import { Decimal, decimalString } from '../pnl/decimal-reference.ts';

type Today = Partial<Pick<Position, 'prevClose' | 'todayQty' | 'todayCost'>>;

function position(symbol: string, qty: string, cost: string, last: string, today: Today = {}): Position {
  return {
    symbol,
    nameEn: symbol,
    nameUr: symbol,
    qty,
    available: qty,
    locked: '0',
    avgCost: new Decimal(cost).div(qty === '0' ? '1' : qty).toFixed(4),
    cost,
    lastPrice: last,
    marketValue: cost,
    pnl: '0.00',
    pnlPct: '0.00',
    ...today,
  };
}

/** A ticker as the batch applier writes it (grouped price); only the price matters to the baseline. */
function tick(store: ReturnType<typeof createStore>, symbol: string, price: string): void {
  const view: TickerView = {
    symbol,
    price: price.replace(/\B(?=(\d{3})+(?!\d))/g, ','),
    change: '0.00',
    changePct: '0.00%',
    open: price,
    high: price,
    low: price,
    prevClose: price,
    volume: '0',
    turnover: '0',
    session: 'open',
    ts: 0,
    last: Number(price),
    changePctValue: 0,
    dir: 0,
    flashing: 0,
  };
  store.set(tickerAtomFamily(symbol), view);
}

const flushTotals = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('the naive baseline: today’s P&L', () => {
  it('values earlier shares against the previous close and today’s against their cost', async () => {
    const store = createStore();
    const naive = createNaivePositions(store);
    // 800 held from before today (close 98.00), 200 bought today for 20,150.37 with fees
    const a = position('BLA', '1000', '95000.00', '100.00', {
      prevClose: '98.00',
      todayQty: '200',
      todayCost: '20150.37',
    });
    const b = position('BLB', '50', '500.00', '10.00', { prevClose: '10.40' });
    naive.set([a, b]);

    expect(store.get(positionAtomFamily('BLA'))).toMatchObject({
      todayPnl: '+1,449.63', // 100,000 − (800 × 98 + 20,150.37)
      todayPnlPct: '+1.47%', // 1,449.63 / 98,550.37
      todayPnlValue: 1449.63,
      dir: 0,
    });
    expect(store.get(positionAtomFamily('BLB'))).toMatchObject({
      todayPnl: '-20.00', // nothing bought today: 50 × (10.00 − 10.40)
      todayPnlPct: '-3.84%',
    });
    expect(store.get(positionTotalsAtom)).toMatchObject({ todayPnl: '+1,429.63', todayPnlPct: '+1.44%' });

    tick(store, 'BLA', '96.55');
    expect(store.get(positionAtomFamily('BLA'))).toMatchObject({
      last: '96.55',
      todayPnl: '-2,000.37',
      todayPnlPct: '-2.02%',
      todayPnlValue: -2000.37,
      dir: -1,
    });
    await flushTotals();
    expect(store.get(positionTotalsAtom)).toMatchObject({ todayPnl: '-2,020.37', todayPnlValue: -2020.37 });
    tick(store, 'BLA', '1001.00');
    expect(store.get(positionAtomFamily('BLA'))).toMatchObject({ last: '1,001.00', dir: 1 });
  });

  it('writes the floating P&L % as the worker does: grouped past 1,000 %', () => {
    const store = createStore();
    createNaivePositions(store).set([position('BLF', '10', '10.00', '20.00', { prevClose: '0.10' })]);
    expect(store.get(positionAtomFamily('BLF'))).toMatchObject({
      pnl: '+190.00',
      pnlPct: '+1,900.00%',
      todayPnl: '+199.00',
      todayPnlPct: '+19,900.00%',
    });
  });

  it('shows none without the server’s prevClose, nor totals; a zero base gives ±∞%', () => {
    const store = createStore();
    const naive = createNaivePositions(store);
    naive.set([
      position('BLC', '10', '100.00', '12.00', { prevClose: '11.00' }),
      position('BLD', '10', '100.00', '12.00'),
      position('BLE', '10', '0.00', '12.00', { prevClose: '11.00', todayQty: '10', todayCost: '0' }),
    ]);
    expect(store.get(positionAtomFamily('BLC'))).toMatchObject({ todayPnl: '+10.00', todayPnlValue: 10 });
    expect(store.get(positionAtomFamily('BLD'))).toMatchObject({
      todayPnl: '',
      todayPnlPct: '',
      todayPnlValue: 0,
    });
    expect(store.get(positionAtomFamily('BLE'))).toMatchObject({
      todayPnl: '+120.00',
      todayPnlPct: '+∞%',
      pnlPct: '+∞%',
    });
    expect(store.get(positionTotalsAtom)).toMatchObject({ todayPnl: '', todayPnlPct: '', todayPnlValue: 0 });
  });

  it('matches the worker’s calculators over random portfolios and ticks', async () => {
    const SYMS = ['R1', 'R2', 'R3', 'R4', 'R5'];
    const holding = fc
      .record({
        qty: decimalString(1_000_000n, 0),
        share: fc.integer({ min: 0, max: 100 }),
        cost: decimalString(10n ** 11n, 2),
        todayCost: decimalString(10n ** 10n, 4),
        last: decimalString(10_000_000n, 2),
        prevClose: decimalString(10_000_000n, 2),
      })
      .map(({ share, ...h }) => ({ ...h, todayQty: ((BigInt(h.qty) * BigInt(share)) / 100n).toString() }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(holding, { minLength: 1, maxLength: SYMS.length }),
        fc.array(fc.tuple(fc.nat(SYMS.length - 1), decimalString(10_000_000n, 2)), { maxLength: 10 }),
        fc.tuple(decimalString(10n ** 12n, 2), decimalString(10n ** 10n, 2)),
        async (holdings, ticks, [available, frozen]) => {
          const positions = holdings.map((h, i) =>
            position(SYMS[i]!, h.qty, h.cost, h.last, {
              prevClose: h.prevClose,
              todayQty: h.todayQty,
              todayCost: h.todayCost,
            }),
          );
          const assets: Assets = {
            accountType: 'demo',
            currency: 'PKR',
            total: '0',
            available,
            frozen,
            marketValue: '0',
            floatingPnl: '0',
          };
          const store = createStore();
          createNaivePositions(store).set(positions, assets);
          const book = createPnlBook(
            positions.map((p) => ({
              key: p.symbol,
              symbol: p.symbol,
              qty: p.qty,
              cost: p.cost,
              last: p.lastPrice,
              prevClose: p.prevClose!,
              todayQty: p.todayQty!,
              todayCost: p.todayCost!,
            })),
          );
          for (const [i, price] of ticks) {
            const symbol = SYMS[i % positions.length]!;
            tick(store, symbol, price);
            applyPrices(book, [[symbol, price]]);
          }
          await flushTotals();
          for (const p of positions) {
            const ours = todayFigures(book, p.symbol)!;
            const f = positionFigures(book, p.symbol)!;
            const row = store.get(positionAtomFamily(p.symbol))!;
            expect([row.marketValue, row.pnl, row.pnlPct]).toEqual([f.marketValue, f.pnl, f.pnlPct]);
            expect([row.todayPnl, row.todayPnlPct]).toEqual([ours.pnl, ours.pnlPct]);
            expect(Math.sign(row.todayPnlValue!)).toBe(Math.sign(ours.pnlValue));
          }
          const total = totalTodayFigures(book)!;
          const totals = store.get(positionTotalsAtom)!;
          const tf = totalFigures(book);
          expect([totals.marketValue, totals.pnl, totals.pnlPct]).toEqual([
            tf.marketValue,
            tf.pnl,
            tf.pnlPct,
          ]);
          expect([totals.todayPnl, totals.todayPnlPct]).toEqual([total.pnl, total.pnlPct]);
          // The balances the totals card and the Assets page show, as the worker's account feed posts them.
          const { floatingPnlValue, todayPnlValue, ...view } = calcAssetsView(assets, book);
          const naive = store.get(assetsViewAtom)!;
          expect(naive).toMatchObject(view);
          expect([Math.sign(naive.floatingPnlValue), Math.sign(naive.todayPnlValue)]).toEqual([
            Math.sign(floatingPnlValue),
            Math.sign(todayPnlValue),
          ]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
