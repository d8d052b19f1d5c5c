// Property test of the trading ledger: random sequences of deposits, market and limit orders (valid and not),
// simulated prints, cancels, session changes and day roll-overs (T+1) for several accounts. After every
// sequence: every journal balances (debits = credits), no user balance or position is negative, cached balances
// equal the replayed postings, positions and cost basis equal a replay of the fills, frozen books equal the open
// orders, cash equals deposits ± fills, and each clientOrderId had exactly one effect.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderSide, OrderType } from '../../../workers/protocol/trade.ts';
import { AppError } from '../../../server/errors.ts';
import { lastPsxClose } from '../../../server/domain/trading/day-orders.ts';
import { TradingEngine } from '../../../server/domain/trading/engine.ts';
import { DEFAULT_FEES } from '../../../server/domain/trading/fees.ts';
import { releaseDueLocks } from '../../../server/domain/trading/t-plus-one.ts';
import { grantCash } from '../../../server/domain/trading/trade-ledger.ts';
import { checkInvariants } from './ledger-invariants.ts';
import type { RawDb as Db } from '../../../server/db/database.ts';
import { FakeMarket, MONDAY_10AM, STOCKS } from './fake-market.ts';
import { addUser, memoryDb } from './trading-db.ts';

const SYMBOLS = [...STOCKS.map((s) => s.symbol), 'KSE100', 'NOPE'];
/** Candidate prices: in band, at the band edges, out of band, zero, empty. */
const PRICES: Record<string, string[]> = Object.fromEntries(
  STOCKS.map((s) => [
    s.symbol,
    [s.last, s.asks[0]![0], s.bids[0]![0], s.limitUp, s.limitDown, '0', '', '999.00'],
  ]),
);
const ACCOUNTS = 4;

type Action =
  | { k: 'grant'; a: number; amount: bigint }
  | {
      k: 'place';
      a: number;
      side: OrderSide;
      type: OrderType;
      sym: number;
      qty: string;
      price: number;
      cid: number;
    }
  | { k: 'tick'; sym: number; prints: Array<{ price: number; qty: number }> }
  | { k: 'sellHeld'; a: number; type: OrderType; half: boolean }
  | { k: 'cancel'; a: number; n: number }
  | { k: 'day' }
  | { k: 'session'; open: boolean };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('grant' as const),
      a: fc.nat(ACCOUNTS - 1),
      amount: fc.bigInt(1n, 3_000_000n),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant('place' as const),
      a: fc.nat(ACCOUNTS - 1),
      side: fc.constantFrom<OrderSide>('buy', 'sell'),
      type: fc.constantFrom<OrderType>('market', 'limit'),
      sym: fc.oneof(
        { weight: 8, arbitrary: fc.nat(STOCKS.length - 1) },
        { weight: 1, arbitrary: fc.nat(SYMBOLS.length - 1) },
      ),
      qty: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom('10', '20', '30', '50', '100', '200') },
        { weight: 2, arbitrary: fc.constantFrom('', '0', '7', '100000') },
        { weight: 2, arbitrary: fc.nat(400).map(String) },
      ),
      price: fc.oneof({ weight: 6, arbitrary: fc.nat(4) }, { weight: 1, arbitrary: fc.nat(7) }),
      cid: fc.oneof(fc.nat(3), fc.nat(1000)),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('tick' as const),
      sym: fc.nat(STOCKS.length - 1),
      prints: fc.array(fc.record({ price: fc.nat(4), qty: fc.integer({ min: 1, max: 300 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('sellHeld' as const),
      a: fc.nat(ACCOUNTS - 1),
      type: fc.constantFrom<OrderType>('market', 'limit'),
      half: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant('cancel' as const), a: fc.nat(ACCOUNTS - 1), n: fc.nat(20) }),
  },
  { weight: 3, arbitrary: fc.constant({ k: 'day' as const }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('session' as const), open: fc.boolean() }) },
);

const count = (db: Db, sql: string, ...p: unknown[]) =>
  Number(
    db
      .prepare(sql)
      .pluck()
      .get(...p),
  );

function run(actions: Action[]): void {
  const db = memoryDb();
  const market = new FakeMarket(MONDAY_10AM);
  const engine = new TradingEngine(db, market, DEFAULT_FEES);
  const users = [addUser(db, 1), addUser(db, 2)];
  // demo accounts trade without KYC; user 1's real account is verified, user 2's is not
  const accounts = [
    { id: users[0]!.demo, kyc: true },
    { id: users[0]!.real, kyc: true },
    { id: users[1]!.demo, kyc: true },
    { id: users[1]!.real, kyc: false },
  ];
  const granted = new Map<number, bigint>();
  const effects = new Map<string, { orderId: number }>();
  let grants = 0;
  let sells = 0;
  for (const acc of accounts) {
    grantCash(db, acc.id, 2_000_000n, `g${grants++}`, market.clock);
    granted.set(acc.id, 2_000_000n);
  }
  for (const act of actions) {
    if (act.k === 'grant') {
      const acc = accounts[act.a]!.id;
      grantCash(db, acc, act.amount, `g${grants++}`, market.clock);
      granted.set(acc, (granted.get(acc) ?? 0n) + act.amount);
    } else if (act.k === 'place') {
      const acc = accounts[act.a]!;
      const symbol = SYMBOLS[act.sym]!;
      const key = `${acc.id}:${act.cid}`;
      const before = {
        j: count(db, 'SELECT COUNT(*) FROM ledger_journals'),
        o: count(db, 'SELECT COUNT(*) FROM stock_orders'),
      };
      try {
        const r = engine.place({
          accountId: acc.id,
          kycOk: acc.kyc,
          side: act.side,
          type: act.type,
          symbol,
          qty: act.qty,
          price: PRICES[symbol]?.[act.price] ?? '10.00',
          clientOrderId: `cid-${act.cid}`,
          now: market.clock,
        });
        const first = effects.get(key);
        if (first) {
          // a retried clientOrderId: the same order, and nothing else happened
          expect(r.created).toBe(false);
          expect(r.order.id).toBe(first.orderId);
          expect(count(db, 'SELECT COUNT(*) FROM ledger_journals')).toBe(before.j);
        } else {
          expect(r.created).toBe(true);
          effects.set(key, { orderId: r.order.id });
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // a refusal stores nothing
        expect(count(db, 'SELECT COUNT(*) FROM ledger_journals')).toBe(before.j);
        expect(count(db, 'SELECT COUNT(*) FROM stock_orders')).toBe(before.o);
      }
    } else if (act.k === 'tick') {
      const s = STOCKS[act.sym]!;
      const prices = [s.last, s.asks[0]![0], s.bids[0]![0], s.limitUp, s.limitDown];
      engine.onTick(market.tick({ [s.symbol]: act.prints.map((p) => [prices[p.price]!, String(p.qty)]) }));
      // DAY orders: after a step, no limit order placed before the latest PSX close is still open.
      const close = lastPsxClose(market.clock) ?? 0;
      expect(
        count(
          db,
          "SELECT COUNT(*) FROM stock_orders WHERE status IN ('pending', 'partial') AND created_at < ?",
          close,
        ),
      ).toBe(0);
    } else if (act.k === 'sellHeld') {
      // sell (half of) what the account can sell of its first holding, so sells fill often enough
      const acc = accounts[act.a]!;
      const h = db
        .prepare(
          `SELECT b.asset AS symbol, b.amount AS qty FROM ledger_balances b JOIN ledger_accounts x ON x.id = b.ledger_account_id
           WHERE x.account_id = ? AND x.name = 'shares' AND b.amount > 0 ORDER BY b.asset LIMIT 1`,
        )
        .get(acc.id) as { symbol: string; qty: number } | undefined;
      if (!h) continue;
      const lot = Number(STOCKS.find((s) => s.symbol === h.symbol)!.lot);
      const qty = act.half ? Math.max(lot, Math.floor(h.qty / 2 / lot) * lot) : h.qty;
      try {
        engine.place({
          accountId: acc.id,
          kycOk: acc.kyc,
          side: 'sell',
          type: act.type,
          symbol: h.symbol,
          qty: String(qty),
          price: PRICES[h.symbol]![2],
          clientOrderId: `sell-${sells++}`,
          now: market.clock,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    } else if (act.k === 'cancel') {
      const acc = accounts[act.a]!.id;
      const ids = db
        .prepare('SELECT id FROM stock_orders WHERE account_id = ? ORDER BY id')
        .pluck()
        .all(acc) as number[];
      if (ids.length === 0) continue;
      try {
        engine.cancel(acc, ids[act.n % ids.length]!, market.clock);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    } else if (act.k === 'day') {
      market.clock += 86_400_000;
      releaseDueLocks(db, null, market.clock);
    } else {
      market.state = act.open ? 'open' : 'closed';
    }
  }
  checkInvariants(
    db,
    accounts.map((a) => a.id),
    granted,
  );
  db.close();
}

describe('trading ledger properties', () => {
  it('hold over 1,000 random sequences of deposits, orders, prints, cancels and T+1 roll-overs', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 5, maxLength: 24, size: 'max' }), (actions) => run(actions)),
      { numRuns: 1000 },
    );
  }, 120_000);
});
