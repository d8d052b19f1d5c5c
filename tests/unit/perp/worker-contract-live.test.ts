// The worker's live contract figures (workers/market/feeds/contracts/contract-live.ts) equal the server's
// (server/domain/perp/perp-views.ts) for the same position and prices: uPnL, ROE and margin ratio, long and
// short, in profit, in loss, near liquidation, with the mark above and below the last price (a premium).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { liquidationPrice } from '../../../contract/perp/position.ts';
import { tiersOf } from '../../../contract/perp/tiers.ts';
import { MarkBook } from '../../../server/domain/perp/mark-book.ts';
import type { PerpMarket } from '../../../server/domain/perp/perp-grid.ts';
import { positionView } from '../../../server/domain/perp/perp-views.ts';
import type { PositionRow } from '../../../server/domain/perp/positions-repo.ts';
import { liveMark, liveView, parsePosition } from '../../../workers/market/feeds/contracts/contract-live.ts';
import { formatMinor } from '../../../contract/money.ts';

const PD = 2;
const QD = 5;
const grid = { priceDecimals: PD, qtyDecimals: QD };
const px = (n: bigint) => formatMinor(n, PD);

/** A one-pair market whose last, bid and ask the test sets (price units). */
function marketAt(last: bigint, bid: bigint, ask: bigint): PerpMarket {
  return {
    now: () => 0,
    instrument: (s: string) =>
      s === 'BTCUSDT'
        ? ({
            symbol: s,
            market: 'crypto',
            base: 'BTC',
            quote: 'USDT',
            priceDecimals: PD,
            qtyDecimals: QD,
          } as never)
        : undefined,
    ticker: (s: string) =>
      s === 'BTCUSDT' ? ({ s, p: px(last), b: px(bid), a: px(ask) } as never) : undefined,
  };
}

function row(
  side: 'long' | 'short',
  qty: bigint,
  entry: bigint,
  leverage: number,
  extra: bigint,
): PositionRow {
  const entryValue = qty * entry;
  const im = (entryValue * 10n ** 6n) / (10n ** BigInt(PD + QD) * BigInt(leverage)) + 1n;
  const margin = im + extra;
  const liq = liquidationPrice(
    grid,
    tiersOf('BTC'),
    { side: side === 'long' ? 1 : -1, qty, entryValue, margin },
    50_000n,
  );
  return {
    id: 7,
    accountId: 1,
    symbol: 'BTCUSDT',
    side,
    qty,
    entryValue,
    margin,
    leverage,
    liqPrice: liq,
    tpPrice: null,
    tpSource: 'mark',
    slPrice: null,
    slSource: 'mark',
    status: 'open',
    openedAt: 0,
    updatedAt: 0,
  };
}

/** The server's view at `last` with a premium from one mark step (mid − last), and the worker's from it. */
function both(r: PositionRow, last: bigint, spread: bigint) {
  const market = marketAt(last, last + spread - 1n, last + spread + 1n);
  const marks = new MarkBook(market);
  marks.onTick({ updates: [{ market: 'crypto', symbol: 'BTCUSDT' }] as never });
  const server = positionView(market, marks, r);
  const p = parsePosition({ ...server, liqPrice: server.liqPrice });
  expect(p).not.toBeNull();
  const worker = liveView(p!, liveMark(p!, server.lastPrice));
  return { server, worker };
}

describe('worker contract P&L equals the server', () => {
  it('a 10× long of 0.01 BTC at 95,000: profit, loss and near liquidation', () => {
    const r = row('long', 1000n, 9_500_000n, 10, 0n);
    for (const last of [9_612_345n, 9_400_001n, r.liqPrice! + 3n]) {
      const { server, worker } = both(r, last, 0n);
      expect(worker.mark).toBe(server.markPrice);
      expect(worker.pnl).toBe(server.unrealisedPnl);
      expect(worker.roe).toBe(server.roe ?? '');
      expect(worker.marginRatio).toBe(server.marginRatio ?? '');
    }
  });

  it('a 20× short with a premium (mark ≠ last) and added margin', () => {
    const r = row('short', 2_345n, 9_511_111n, 20, 12_345_678n);
    for (const [last, spread] of [
      [9_500_000n, 700n],
      [9_700_000n, -450n],
    ] as const) {
      const { server, worker } = both(r, last, spread);
      expect(server.markPrice).not.toBe(server.lastPrice);
      expect(worker.mark).toBe(server.markPrice);
      expect(worker.pnl).toBe(server.unrealisedPnl);
      expect(worker.roe).toBe(server.roe ?? '');
      expect(worker.marginRatio).toBe(server.marginRatio ?? '');
    }
  });

  it('random positions and prices: every figure the same', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        fc.bigInt({ min: 1n, max: 5_000_000n }),
        fc.bigInt({ min: 1_000_000n, max: 20_000_000n }),
        fc.integer({ min: 1, max: 50 }),
        fc.bigInt({ min: 0n, max: 50_000_000n }),
        fc.bigInt({ min: 500_000n, max: 30_000_000n }),
        fc.bigInt({ min: -2_000n, max: 2_000n }),
        (side, qty, entry, lev, extra, last, spread) => {
          const { server, worker } = both(row(side, qty, entry, lev, extra), last, spread);
          expect(worker.mark).toBe(server.markPrice);
          expect(worker.pnl).toBe(server.unrealisedPnl);
          expect(worker.roe).toBe(server.roe ?? '');
          expect(worker.marginRatio).toBe(server.marginRatio ?? '');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a live last price moves the mark by the same premium; a bad price keeps the server mark', () => {
    const r = row('long', 1000n, 9_500_000n, 10, 0n);
    const { server } = both(r, 9_500_000n, 500n);
    const p = parsePosition(server)!;
    expect(p.premium).toBe(500n);
    expect(px(liveMark(p, '95,100.00'))).toBe('95105.00');
    expect(px(liveMark(p, 'x'))).toBe(server.markPrice);
    expect(liveView(p, liveMark(p, '95100.00')).pnlSign).toBe(1);
  });
});
