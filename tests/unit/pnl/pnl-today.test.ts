// Today's P&L in the worker's calculators against decimal.js: shares held from before today move against the
// previous close, today's buys against their cost; per position and in total, exact and in display form, over
// random portfolios and tick sequences, in the float64 and the BigInt representation.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyPrices,
  createPnlBook,
  recomputePnl,
  todayFigures,
  totalTodayFigures,
  upsertPnlInputs,
  type PnlBook,
  type PnlInput,
} from '../../../workers/market/calc/pnl.ts';
import { positionExact, totalsExact } from '../../../workers/market/calc/pnl-exact.ts';
import { Decimal, decimalString, refMoney, refPct } from './decimal-reference.ts';

const SYMS = ['AAA', 'BBB', 'CCC', 'DDD'];

const portfolio = (huge: boolean) =>
  fc
    .array(
      fc
        .record({
          symbol: fc.constantFrom(...SYMS),
          qty: decimalString(huge ? 10n ** 12n : 1_000_000n, 0),
          share: fc.integer({ min: 0, max: 100 }),
          cost: decimalString(huge ? 10n ** 20n : 10n ** 11n, 2),
          todayCost: decimalString(huge ? 10n ** 18n : 10n ** 10n, 4),
          last: decimalString(huge ? 10n ** 9n : 10_000_000n, 2),
          prevClose: decimalString(huge ? 10n ** 9n : 10_000_000n, 3),
        })
        .map(({ share, ...p }) => ({
          ...p,
          // bought today: a part of what is held (T+1 keeps them all held until tomorrow)
          todayQty: ((BigInt(p.qty) * BigInt(share)) / 100n).toString(),
        })),
      { minLength: 1, maxLength: 25 },
    )
    .map((list): PnlInput[] => {
      const byKey = new Map<string, PnlInput>();
      // one position per symbol, like the worker's (keyed by symbol); one previous close per symbol
      const pc = new Map<string, string>();
      for (const p of list) {
        if (!pc.has(p.symbol)) pc.set(p.symbol, p.prevClose);
        byKey.set(p.symbol, { ...p, key: p.symbol, prevClose: pc.get(p.symbol)! });
      }
      return [...byKey.values()];
    });

const ticks = fc.array(
  fc.array(fc.tuple(fc.constantFrom(...SYMS), decimalString(100_000_000n, 3)), { maxLength: 6 }),
  { maxLength: 5 },
);

function check(book: PnlBook, positions: PnlInput[], last: Map<string, string>): void {
  let total = new Decimal(0);
  let totalBase = new Decimal(0);
  for (const p of positions) {
    const px = new Decimal(last.get(p.symbol) ?? p.last);
    const tq = new Decimal(p.todayQty ?? '0');
    const base = new Decimal(p.qty)
      .minus(tq)
      .times(p.prevClose!)
      .plus(p.todayCost ?? '0');
    const today = new Decimal(p.qty)
      .minus(tq)
      .times(px.minus(p.prevClose!))
      .plus(tq.times(px))
      .minus(p.todayCost ?? '0');
    total = total.plus(today);
    totalBase = totalBase.plus(base);
    expect(new Decimal(positionExact(book, p.key)!.todayPnl!).eq(today)).toBe(true);
    expect(todayFigures(book, p.key)).toMatchObject({
      pnl: refMoney(today, true),
      pnlPct: refPct(today, base),
    });
  }
  expect(new Decimal(totalsExact(book).todayPnl!).eq(total)).toBe(true);
  expect(totalTodayFigures(book)).toMatchObject({
    pnl: refMoney(total, true),
    pnlPct: refPct(total, totalBase),
  });
}

describe("today's P&L agrees with decimal.js to the paisa", () => {
  for (const huge of [false, true]) {
    it(`${huge ? 'beyond 2^53 (BigInt)' : 'retail sizes (float64)'}: ticks, totals, recompute`, () => {
      fc.assert(
        fc.property(portfolio(huge), ticks, (positions, batches) => {
          const book = createPnlBook(positions);
          const last = new Map(positions.map((p) => [p.symbol, p.last]));
          check(book, positions, last);
          for (const batch of batches) {
            applyPrices(book, batch);
            for (const [s, p] of batch) if (last.has(s)) last.set(s, p);
            check(book, positions, last);
          }
          recomputePnl(book);
          check(book, positions, last);
        }),
        { numRuns: huge ? 200 : 600 },
      );
    }, 120_000);
  }
});

describe("today's P&L: cases", () => {
  it('splits earlier shares (vs previous close) from today’s buys (vs cost)', () => {
    // 100 held since before today, prev close 10.00; 50 bought today for 520.00 with fees; last 10.50
    const b = createPnlBook([
      {
        key: 'OGDC',
        symbol: 'OGDC',
        qty: '150',
        cost: '1520.00',
        last: '10.50',
        prevClose: '10.00',
        todayQty: '50',
        todayCost: '520.00',
      },
    ]);
    // 100 × 0.50 + 50 × 10.50 − 520 = 50 + 5 = 55.00 on a base of 1,520.00
    expect(todayFigures(b, 'OGDC')).toMatchObject({ pnl: '+55.00', pnlPct: '+3.61%' });
    applyPrices(b, [['OGDC', '9.90']]);
    // 100 × −0.10 + 50 × 9.90 − 520 = −10 − 25 = −35.00
    expect(todayFigures(b, 'OGDC')).toMatchObject({ pnl: '-35.00', pnlPct: '-2.30%' });
    expect(totalTodayFigures(b)).toMatchObject({ pnl: '-35.00' });
  });

  it('has no today’s figures for a position without a previous close, nor totals then', () => {
    const b = createPnlBook([
      { key: 'A', symbol: 'A', qty: '10', cost: '100', last: '11', prevClose: '10' },
      { key: 'B', symbol: 'B', qty: '10', cost: '100', last: '11' },
    ]);
    expect(todayFigures(b, 'A')).toMatchObject({ pnl: '+10.00', pnlPct: '+10.00%' });
    expect(todayFigures(b, 'B')).toBeNull();
    expect(totalTodayFigures(b)).toBeNull();
    expect(totalsExact(b).todayPnl).toBeNull();
    upsertPnlInputs(b, [{ key: 'B', symbol: 'B', qty: '10', cost: '100', last: '11', prevClose: '11.5' }]);
    expect(totalTodayFigures(b)).toMatchObject({ pnl: '+5.00' });
  });
});
