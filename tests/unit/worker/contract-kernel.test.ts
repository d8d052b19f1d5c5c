// The contracts feed's float64 fast path equals the BigInt figures of contract-live.ts (the server's math and
// roundings) on every position and mark it accepts, and hands back the ones it cannot hold exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinor } from '../../../contract/money.ts';
import { entryMargin } from '../../../contract/perp/position.ts';
import {
  emptyFigures,
  fastInputs,
  figures,
  viewOf,
} from '../../../workers/market/feeds/contracts/contract-kernel.ts';
import { liveView, parsePosition } from '../../../workers/market/feeds/contracts/contract-live.ts';
import type { ContractPositionInput } from '../../../workers/protocol/contracts-api.ts';

/** A whole number of about 10^e (1 to 10^(e+1)), so every order of magnitude is drawn as often. */
const magnitude = (emax: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: emax }), fc.integer({ min: 1, max: 99_999 }))
    .map(([e, m]) => (BigInt(m) * 10n ** BigInt(e)) / 10_000n + 1n);

const notionalUsdt = (r: { pd: number; qd: number; qty: bigint; price: bigint }) =>
  (r.qty * r.price) / 10n ** BigInt(r.pd + r.qd);

/** Positions up to 10 million USDT of notional; `wild` reaches 10^24 value units. */
const position = (wild: boolean) =>
  fc
    .record({
      pd: fc.integer({ min: 0, max: 8 }),
      qd: fc.integer({ min: 0, max: 6 }),
      base: fc.constantFrom('BTC', 'ETH', 'DOGE', 'SHIB'),
      long: fc.boolean(),
      price: wild ? fc.bigInt({ min: 1n, max: 10n ** 12n }) : magnitude(8),
      qty: wild ? fc.bigInt({ min: 1n, max: 10n ** 12n }) : magnitude(7),
      leverage: fc.integer({ min: 1, max: 125 }),
      // margin: from a sliver of the initial margin (a balance that goes ≤ 0) to several times it
      marginPct: fc.integer({ min: 1, max: 400 }),
      liqPct: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
      markPct: fc.integer({ min: 1, max: 300 }),
    })
    // real pairs' grids hold price + quantity places ≤ 8 (crypto-pairs.ts: BTC 2 + 5, SHIB 8 + 0)
    .filter((r) => wild || (r.pd + r.qd <= 8 && notionalUsdt(r) <= 10n ** 7n))
    .map((r) => {
      const grid = { priceDecimals: r.pd, qtyDecimals: r.qd };
      const entryValue = r.qty * r.price;
      const im = entryMargin(grid, { side: 1, qty: r.qty, entryValue, margin: 0n }, r.leverage);
      const margin = (im * BigInt(r.marginPct)) / 100n;
      const input: ContractPositionInput = {
        id: 1,
        symbol: `${r.base}USDT`,
        side: r.long ? 'long' : 'short',
        qty: formatMinor(r.qty, r.qd),
        entryValue: formatMinor(entryValue, r.pd + r.qd),
        margin: formatMinor(margin, 6),
        leverage: r.leverage,
        markPrice: formatMinor(r.price, r.pd),
        lastPrice: formatMinor(r.price, r.pd),
        liqPrice: r.liqPct === null ? null : formatMinor((r.price * BigInt(r.liqPct)) / 100n + 1n, r.pd),
      };
      const mark = (r.price * BigInt(r.markPct)) / 100n + 1n;
      return { input, mark };
    });

describe('contract kernel (float64) against the BigInt figures', () => {
  it.each([
    ['positions of every real size', false],
    ['positions past the exact range', true],
  ])('equal wherever the fast path answers: %s, 10,000 random marks', (_, wild) => {
    let fast = 0;
    let runs = 0;
    fc.assert(
      fc.property(position(wild), ({ input, mark }) => {
        runs++;
        const p = parsePosition(input)!;
        expect(p).not.toBeNull();
        const f = fastInputs(p);
        const out = emptyFigures();
        if (!f || !figures(f, Number(mark), out)) return;
        fast++;
        expect(viewOf(p.id, Number(mark), p.grid.priceDecimals, out)).toEqual(liveView(p, mark));
      }),
      { numRuns: 10_000, seed: 1616 },
    );
    // real positions take the fast path (a mark of 3× on a margin sliver can still leave it); wild ones often not
    if (!wild) expect(fast / runs).toBeGreaterThan(0.95);
    else expect(fast).toBeGreaterThan(0);
  });

  it('takes the fast path for a real position and refuses one past the exact range', () => {
    const p = parsePosition({
      id: 3,
      symbol: 'BTCUSDT',
      side: 'short',
      qty: '0.02000',
      entryValue: '1900.0000000',
      margin: '19.000000',
      leverage: 100,
      markPrice: '95000.00',
      lastPrice: '95000.00',
      liqPrice: '95570.00',
    })!;
    const out = emptyFigures();
    expect(figures(fastInputs(p)!, 9_550_000, out)).toBe(true);
    expect(viewOf(3, 9_550_000, 2, out)).toEqual(liveView(p, 9_550_000n));
    expect(out).toMatchObject({ pnl: -10_000_000, roe: -5263, ratio: 8488 });
    // 2^53 value units: the float product could round, so the BigInt path takes it
    expect(figures(fastInputs(p)!, 2 ** 53 / 2000, out)).toBe(false);
    const huge = parsePosition({
      id: 4,
      symbol: 'SHIBUSDT',
      side: 'long',
      qty: '90000000000000000',
      entryValue: '1.00000000',
      margin: '1.000000',
      leverage: 1,
      markPrice: '0.00000001',
      lastPrice: '0.00000001',
      liqPrice: null,
    })!;
    expect(fastInputs(huge)).toBeNull();
  });

  it('a margin balance at or below zero has no ratio and counts as past the warning', () => {
    const p = parsePosition({
      id: 5,
      symbol: 'BTCUSDT',
      side: 'long',
      qty: '0.01000',
      entryValue: '950.0000000',
      margin: '9.500000',
      leverage: 100,
      markPrice: '95000.00',
      lastPrice: '95000.00',
      liqPrice: '94430.00',
    })!;
    const out = emptyFigures();
    // 0.01 × −1,000 = −10 ≤ −9.5
    expect(figures(fastInputs(p)!, 9_400_000, out)).toBe(true);
    expect(viewOf(5, 9_400_000, 2, out)).toEqual(liveView(p, 9_400_000n));
    expect(out.ratioValue).toBe(Infinity);
    expect(viewOf(5, 9_400_000, 2, out).marginRatio).toBe('');
  });
});
