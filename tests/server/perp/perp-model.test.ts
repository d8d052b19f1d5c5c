// A fast-check model of the contracts on the domain (no HTTP): random sequences of opens, closes, margin adds,
// leverage changes, TP/SL, limit orders and their cancels, funding intervals and price moves for three users on
// one pair, over a fake market. After every price tick no open position is past its liquidation price (each
// crossed one was liquidated at that tick), every liquidation was of a position the tick had crossed, and no
// limit order the price reached is still resting; at the end the ledger balances, no user balance is negative,
// each account's frozen book holds exactly what its resting orders froze, and the funding clearing account is
// back at zero.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinor } from '../../../contract/money.ts';
import { crossed } from '../../../contract/perp/position.ts';
import type { Db } from '../../../server/db/database.ts';
import { postRecord } from '../../../server/domain/ledger/post.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { MarkBook } from '../../../server/domain/perp/mark-book.ts';
import { PerpEngine } from '../../../server/domain/perp/perp-engine.ts';
import { FUNDING_CLEARING } from '../../../server/domain/perp/perp-funding.ts';
import { addIsolatedMargin, setLeverage, setTpSl } from '../../../server/domain/perp/perp-adjust.ts';
import { closeAtMarket, openAtMarket, type PerpDeps } from '../../../server/domain/perp/perp-orders.ts';
import { openPositionsOfSymbol } from '../../../server/domain/perp/positions-repo.ts';
import { cancelLimit, openLimitOrdersOf, placeLimit } from '../../../server/domain/perp/perp-limit.ts';
import { AppError } from '../../../server/errors.ts';
import { addUser, tradingDb } from '../trading/trading-db.ts';
import { fakeMarket } from './perp-fake-market.ts';
import { bookOf, systemOf } from './perp-helpers.ts';

const SYMBOL = 'BTCUSDT';

type Op =
  | { k: 'open'; u: number; side: 'long' | 'short'; qty: number }
  | { k: 'close'; u: number; part: boolean }
  | { k: 'margin'; u: number; amount: number }
  | { k: 'leverage'; u: number; lev: number }
  | { k: 'tpsl'; u: number; tp: boolean; pct: number }
  | { k: 'limit'; u: number; side: 'long' | 'short'; qty: number; pct: number }
  | { k: 'cancel'; u: number }
  | { k: 'move'; pct: number }
  | { k: 'fund' };

const user = fc.integer({ min: 0, max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    k: fc.constant('open' as const),
    u: user,
    side: fc.constantFrom('long' as const, 'short' as const),
    qty: fc.integer({ min: 1, max: 5000 }),
  }),
  fc.record({ k: fc.constant('close' as const), u: user, part: fc.boolean() }),
  fc.record({ k: fc.constant('margin' as const), u: user, amount: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ k: fc.constant('leverage' as const), u: user, lev: fc.integer({ min: 1, max: 60 }) }),
  fc.record({
    k: fc.constant('tpsl' as const),
    u: user,
    tp: fc.boolean(),
    pct: fc.integer({ min: -20, max: 20 }),
  }),
  fc.record({
    k: fc.constant('limit' as const),
    u: user,
    side: fc.constantFrom('long' as const, 'short' as const),
    qty: fc.integer({ min: 1, max: 5000 }),
    pct: fc.integer({ min: -15, max: 15 }),
  }),
  fc.record({ k: fc.constant('cancel' as const), u: user }),
  fc.record({ k: fc.constant('move' as const), pct: fc.integer({ min: -12, max: 12 }) }),
  fc.record({ k: fc.constant('fund' as const) }),
);

async function fund(db: Db, accountId: number): Promise<void> {
  await postRecord(db, {
    kind: 'test_grant',
    ref: `model:${accountId}`,
    accountId,
    now: 0,
    legs: [
      { system: 'test_funding', asset: 'USDT', amount: -5_000_000_000n },
      { accountId, book: 'contract', asset: 'USDT', amount: 5_000_000_000n },
    ],
  });
}

const ignoreRefusal = (err: unknown) => {
  if (!(err instanceof AppError)) throw err;
};

describe('perpetual contracts model', () => {
  it('keeps the ledger whole and liquidates exactly the crossed positions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        const { db, close } = await tradingDb();
        try {
          const price = { v: 6_000_000n };
          const market = fakeMarket(price);
          const deps: PerpDeps = { db, market, marks: new MarkBook(market) };
          const engine = new PerpEngine(deps);
          engine.active = true;
          const accounts: number[] = [];
          for (let i = 0; i < 3; i++) {
            const a = (await addUser(db, i + 1)).demo;
            await fund(db, a);
            accounts.push(a);
          }
          let n = 0;
          let interval = 1;
          const now = 1_800_000_000_000;
          const positionOf = async (u: number) =>
            (await openPositionsOfSymbol(db, SYMBOL)).find((p) => p.accountId === accounts[u]);
          for (const o of ops) {
            n += 1;
            const accountId = accounts[o.k === 'move' || o.k === 'fund' ? 0 : o.u]!;
            if (o.k === 'open') {
              await openAtMarket(
                deps,
                {
                  accountId,
                  clientId: `m-${n}`,
                  symbol: SYMBOL,
                  side: o.side,
                  qty: formatMinor(BigInt(o.qty), 5),
                },
                now,
              ).catch(ignoreRefusal);
            } else if (o.k === 'close') {
              const p = await positionOf(o.u);
              if (p) {
                const qty = o.part && p.qty > 1n ? formatMinor(p.qty / 2n, 5) : undefined;
                await closeAtMarket(
                  deps,
                  { accountId, clientId: `m-${n}`, positionId: p.id, qty },
                  now,
                ).catch(ignoreRefusal);
              }
            } else if (o.k === 'margin') {
              const p = await positionOf(o.u);
              if (p)
                await addIsolatedMargin(deps, accountId, p.id, String(o.amount), `m-${n}`, now).catch(
                  ignoreRefusal,
                );
            } else if (o.k === 'leverage') {
              await setLeverage(deps, accountId, SYMBOL, o.lev, now).catch(ignoreRefusal);
            } else if (o.k === 'tpsl') {
              const p = await positionOf(o.u);
              const target = (price.v * BigInt(100 + o.pct)) / 100n;
              if (p && target > 0n)
                await setTpSl(
                  deps,
                  {
                    accountId,
                    positionId: p.id,
                    kind: o.tp ? 'tp' : 'sl',
                    price: formatMinor(target, 2),
                    source: 'mark',
                  },
                  now,
                ).catch(ignoreRefusal);
            } else if (o.k === 'limit') {
              const target = (price.v * BigInt(100 + o.pct)) / 100n;
              await placeLimit(
                deps,
                {
                  accountId,
                  clientId: `m-${n}`,
                  symbol: SYMBOL,
                  side: o.side,
                  qty: formatMinor(BigInt(o.qty), 5),
                  price: formatMinor(target, 2),
                },
                now,
              ).catch(ignoreRefusal);
            } else if (o.k === 'cancel') {
              const [first] = await openLimitOrdersOf(db, accountId);
              if (first) await cancelLimit(deps, accountId, first.id, now);
            } else if (o.k === 'move') {
              const before = await openPositionsOfSymbol(db, SYMBOL);
              price.v = (price.v * BigInt(100 + o.pct)) / 100n;
              await engine.onMarks([{ symbol: SYMBOL, mark: price.v, last: price.v }], now);
              const liquidated = await db
                .selectFrom('perp_orders')
                .select(['position_id', 'action'])
                .where('client_id', 'like', 'sys:liq:%')
                .execute();
              for (const p of before) {
                const wasCrossed = crossed(p.side === 'long' ? 1 : -1, p.liqPrice, price.v);
                const isLiquidated = liquidated.some((l) => l.position_id === p.id);
                // crossed now ⇔ liquidated (by this tick or by an earlier one: an earlier one would have closed it)
                if (wasCrossed) expect(isLiquidated).toBe(true);
              }
              for (const p of await openPositionsOfSymbol(db, SYMBOL))
                expect(crossed(p.side === 'long' ? 1 : -1, p.liqPrice, price.v)).toBe(false);
              for (const l of liquidated) {
                const was = before.find((p) => p.id === l.position_id);
                if (was) expect(crossed(was.side === 'long' ? 1 : -1, was.liqPrice, price.v)).toBe(true);
              }
              // bid = ask = the price here: a long at or above it, a short at or below it, has ended
              for (const a of accounts)
                for (const l of await openLimitOrdersOf(db, a))
                  expect(l.side === 'long' ? l.price < price.v : l.price > price.v).toBe(true);
            } else {
              await engine.settleAll(interval++ * 28_800_000, now);
              expect(await systemOf(db, FUNDING_CLEARING)).toBe(0n);
            }
          }
          for (const a of accounts) {
            const held = (await openLimitOrdersOf(db, a)).reduce((sum, l) => sum + l.frozen, 0n);
            expect(await bookOf(db, a, 'contract_frozen')).toBe(held);
          }
          // margin and frozen books against positions and orders (perp-consistency.ts)
          expect((await tradingSelfCheck(db)).problems).toEqual([]);
          const report = await ledgerSelfCheck(db);
          expect(report.negativeUserBalances).toEqual([]);
          expect(report.ok).toBe(true);
        } finally {
          await close();
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
