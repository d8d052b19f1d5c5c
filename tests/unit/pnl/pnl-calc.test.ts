// The P&L calculators against decimal.js: every position's market value, P&L and P&L %, and the totals, agree
// to the paisa (exactly, and in display form) over random portfolios and random tick sequences, in both the
// float64 and the BigInt representation.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyPrices,
  createPnlBook,
  positionFigures,
  positionKeysOf,
  recomputePnl,
  removePnlInputs,
  totalFigures,
  upsertPnlInputs,
  type PnlBook,
  type PnlInput,
} from '../../../workers/market/calc/pnl.ts';
import { positionExact, totalsExact } from '../../../workers/market/calc/pnl-exact.ts';
import { Decimal, decimalString, refMoney, refPct } from './decimal-reference.ts';

function checkAgainstDecimal(book: PnlBook, positions: PnlInput[], last: Map<string, string>): void {
  let tm = new Decimal(0);
  let tc = new Decimal(0);
  for (const p of positions) {
    const mv = new Decimal(p.qty).times(last.get(p.symbol) ?? p.last);
    const cost = new Decimal(p.cost);
    const pnl = mv.minus(cost);
    tm = tm.plus(mv);
    tc = tc.plus(cost);
    const exact = positionExact(book, p.key)!;
    expect(new Decimal(exact.marketValue).eq(mv)).toBe(true);
    expect(new Decimal(exact.pnl).eq(pnl)).toBe(true);
    const f = positionFigures(book, p.key)!;
    expect(f.marketValue).toBe(refMoney(mv));
    expect(f.pnl).toBe(refMoney(pnl, true));
    expect(f.pnlPct).toBe(refPct(pnl, cost));
  }
  const totals = totalsExact(book);
  expect(new Decimal(totals.marketValue).eq(tm)).toBe(true);
  expect(new Decimal(totals.cost).eq(tc)).toBe(true);
  expect(new Decimal(totals.pnl).eq(tm.minus(tc))).toBe(true);
  const t = totalFigures(book);
  expect([t.marketValue, t.cost, t.pnl, t.pnlPct]).toEqual([
    refMoney(tm),
    refMoney(tc),
    refMoney(tm.minus(tc), true),
    refPct(tm.minus(tc), tc),
  ]);
}

const SYMS = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF'];

/** Positions (qty whole or fractional, costs and prices with up to 4 places); `huge` pushes past 2^53. */
const portfolio = (huge: boolean) =>
  fc
    .array(
      fc.record({
        symbol: fc.constantFrom(...SYMS),
        qty: decimalString(huge ? 10n ** 12n : 1_000_000n, huge ? 2 : 0),
        cost: decimalString(huge ? 10n ** 20n : 10n ** 11n, 4),
        last: decimalString(huge ? 10n ** 9n : 10_000_000n, 4),
      }),
      { minLength: 1, maxLength: 30 },
    )
    .map((list) => list.map((p, k) => ({ ...p, key: `${p.symbol}#${k % 4}` })));

const ticks = fc.array(
  fc.array(fc.tuple(fc.constantFrom(...SYMS), decimalString(100_000_000n, 5)), { maxLength: 8 }),
  { maxLength: 6 },
);

function dedupe(list: PnlInput[]): PnlInput[] {
  return [...new Map(list.map((p) => [p.key, p])).values()];
}

describe('P&L calculators agree with decimal.js to the paisa', () => {
  for (const huge of [false, true]) {
    it(`${huge ? 'beyond 2^53 (BigInt)' : 'retail sizes (float64 exact path)'}: ticks, totals, recompute`, () => {
      fc.assert(
        fc.property(portfolio(huge), ticks, (raw, batches) => {
          const positions = dedupe(raw);
          const book = createPnlBook(positions);
          // A symbol starts at the price of its first position (one price per symbol).
          const last = new Map<string, string>();
          for (const p of positions) if (!last.has(p.symbol)) last.set(p.symbol, p.last);
          checkAgainstDecimal(book, positions, last);
          for (const batch of batches) {
            const change = applyPrices(book, batch);
            const held = new Set(positions.map((p) => p.symbol));
            const moved = new Set<string>();
            for (const [s, p] of batch) {
              if (held.has(s) && last.get(s) !== p) moved.add(s);
              if (held.has(s)) last.set(s, p);
            }
            // Only symbols whose price really moved are reported (a repeat of the same price is not a change).
            for (const s of change.symbols) expect(held.has(s)).toBe(true);
            for (const s of moved) expect(change.symbols).toContain(s);
            checkAgainstDecimal(book, positions, last);
          }
          recomputePnl(book);
          checkAgainstDecimal(book, positions, last);
        }),
        { numRuns: huge ? 300 : 1000 },
      );
    }, 120_000);
  }

  it('upserts and removes keep the totals exact', () => {
    fc.assert(
      fc.property(portfolio(false), portfolio(false), (a, b) => {
        const first = dedupe(a);
        const book = createPnlBook(first);
        upsertPnlInputs(book, dedupe(b));
        const merged = new Map(first.map((p) => [p.key, p]));
        for (const p of dedupe(b)) merged.set(p.key, p);
        const gone = [...merged.keys()].filter((_, k) => k % 3 === 0);
        removePnlInputs(book, gone);
        for (const k of gone) merged.delete(k);
        const last = new Map<string, string>();
        for (const p of [...first, ...dedupe(b)]) if (!last.has(p.symbol)) last.set(p.symbol, p.last);
        checkAgainstDecimal(book, [...merged.values()], last);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('P&L calculators: cases', () => {
  const book = () =>
    createPnlBook([
      { key: 'OGDC', symbol: 'OGDC', qty: '1000', cost: '123456.78', last: '120.00' },
      { key: 'HBL', symbol: 'HBL', qty: '10', cost: '1000.00', last: '100.00' },
    ]);

  it('formats PKR truncated, grouped and signed', () => {
    const b = book();
    expect(positionFigures(b, 'OGDC')).toMatchObject({
      marketValue: '120,000.00',
      cost: '123,456.78',
      pnl: '-3,456.78',
      pnlPct: '-2.79%',
    });
    expect(positionFigures(b, 'HBL')).toMatchObject({ pnl: '0.00', pnlPct: '0.00%', pnlValue: 0 });
    applyPrices(b, [['HBL', '100.009']]);
    // 10 × 100.009 − 1000 = 0.09; a third decimal appears and the scale widens without losing a digit.
    expect(positionFigures(b, 'HBL')).toMatchObject({
      marketValue: '1,000.09',
      pnl: '+0.09',
      pnlPct: '0.00%',
    });
    expect(totalFigures(b)).toMatchObject({ marketValue: '121,000.09', pnl: '-3,456.69', pnlPct: '-2.77%' });
  });

  it('reports only the positions of symbols whose price changed', () => {
    const b = book();
    expect(
      applyPrices(b, [
        ['OGDC', '120.00'],
        ['XYZ', '5.00'],
      ]),
    ).toEqual({ symbols: [], positions: 0 });
    expect(applyPrices(b, [['OGDC', '121.00']])).toEqual({ symbols: ['OGDC'], positions: 1 });
    expect(positionKeysOf(b, 'OGDC')).toEqual(['OGDC']);
  });

  it('a zero cost gives the spec infinity, not a crash', () => {
    const b = createPnlBook([{ key: 'X', symbol: 'X', qty: '5', cost: '0', last: '2.00' }]);
    expect(positionFigures(b, 'X')).toMatchObject({ pnl: '+10.00', pnlPct: '+∞%', pnlPctValue: Infinity });
  });

  it('switches to BigInt past 2^53 and stays exact', () => {
    const b = createPnlBook([{ key: 'X', symbol: 'X', qty: '1000000', cost: '1.00', last: '1.00' }]);
    expect(b.kernel.kind).toBe('float');
    applyPrices(b, [['X', '99999999999.99']]);
    expect(b.kernel.kind).toBe('bigint');
    expect(positionExact(b, 'X')!.marketValue).toBe('99999999999990000.00');
    expect(totalFigures(b).pnl).toBe('+99,999,999,999,989,999.00');
  });
});
