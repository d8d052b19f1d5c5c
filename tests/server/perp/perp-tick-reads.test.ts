// The leader's indexed reads on a mark tick find exactly what a scan of every row finds: the TP/SL triggers the
// mark and last price reached (reachedTriggers: long and short, take-profit and stop-loss, on the mark or the
// last price, closed positions and positions without triggers left out) and the symbols held
// (symbolsWithPositions). Random positions and prices on this run's database (SQLite or PostgreSQL).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tpSlFires } from '../../../contract/perp/tpsl.ts';
import {
  insertPosition,
  reachedTriggers,
  symbolsWithPositions,
  updatePosition,
} from '../../../server/domain/perp/positions-repo.ts';
import { addUser, tradingDb, type TradingDb } from '../trading/trading-db.ts';

const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];

interface Seeded {
  id: number;
  symbol: string;
  side: 'long' | 'short';
  open: boolean;
  tp: bigint | null;
  tpSource: 'mark' | 'last';
  sl: bigint | null;
  slSource: 'mark' | 'last';
}

let t: TradingDb;
const rows: Seeded[] = [];

beforeAll(async () => {
  t = await tradingDb();
  let seed = 7;
  const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const price = () => 900n + BigInt(Math.floor(rnd() * 200));
  for (let u = 0; u < 40; u++) {
    const account = (await addUser(t.db, 7000 + u)).demo;
    // SOLUSDT only ever closed: not held
    for (const symbol of SYMBOLS) {
      if (rnd() < 0.2) continue;
      const side = rnd() < 0.5 ? 'long' : 'short';
      const id = await insertPosition(
        t.db,
        {
          accountId: account,
          symbol,
          side,
          qty: 1n,
          entryValue: 1000n,
          margin: 100n,
          leverage: 10,
          liqPrice: null,
          openedAt: 0,
        },
        // (insertPosition sets no triggers; updatePosition below does)
      );
      const s: Seeded = {
        id,
        symbol,
        side,
        open: symbol !== 'SOLUSDT' && rnd() < 0.9,
        tp: rnd() < 0.6 ? price() : null,
        tpSource: rnd() < 0.5 ? 'mark' : 'last',
        sl: rnd() < 0.6 ? price() : null,
        slSource: rnd() < 0.5 ? 'mark' : 'last',
      };
      await updatePosition(
        t.db,
        id,
        {
          tpPrice: s.tp,
          tpSource: s.tpSource,
          slPrice: s.sl,
          slSource: s.slSource,
          ...(s.open ? {} : { status: 'closed' as const }),
        },
        0,
      );
      rows.push(s);
    }
  }
});
afterAll(async () => {
  await t.close();
});

const scan = (symbol: string, mark: bigint, last: bigint) =>
  rows
    .filter((r) => {
      if (!r.open || r.symbol !== symbol) return false;
      const s = r.side === 'long' ? 1 : -1;
      const ref = (src: 'mark' | 'last') => (src === 'mark' ? mark : last);
      return (
        (r.sl !== null && tpSlFires(s, 'sl', r.sl, ref(r.slSource))) ||
        (r.tp !== null && tpSlFires(s, 'tp', r.tp, ref(r.tpSource)))
      );
    })
    .map((r) => r.id);

describe('the leader tick reads', () => {
  it('reachedTriggers finds exactly the triggers a scan finds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SYMBOLS),
        fc.bigInt({ min: 880n, max: 1120n }),
        fc.bigInt({ min: 880n, max: 1120n }),
        async (symbol, mark, last) => {
          const got = (await reachedTriggers(t.db, symbol, { mark, last })).map((p) => p.id);
          expect(got).toEqual(scan(symbol, mark, last));
        },
      ),
      { numRuns: 60 },
    );
    // at the edges every trigger of a side and kind is reached at once, and a price equal to a trigger fires it
    const some = rows.find((r) => r.open && r.sl !== null && r.slSource === 'mark')!;
    const at = await reachedTriggers(t.db, some.symbol, { mark: some.sl!, last: some.sl! });
    expect(at.map((p) => p.id)).toContain(some.id);
  });

  it('symbolsWithPositions names each held symbol once, and none only closed', async () => {
    const held = [...new Set(rows.filter((r) => r.open).map((r) => r.symbol))].sort();
    expect((await symbolsWithPositions(t.db)).sort()).toEqual(held);
    expect(held).not.toContain('SOLUSDT');
  });
});
