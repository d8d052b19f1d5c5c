// Property test of the trading ledger: random sequences of deposits, market and limit orders (valid and not),
// simulated prints, cancels, session changes and day roll-overs (T+1) for several accounts. After every
// sequence: every journal balances (debits = credits), no user balance or position is negative, cached balances
// equal the replayed postings, positions and cost basis equal a replay of the fills, frozen books equal the open
// orders, cash equals deposits ± fills, and each clientOrderId had exactly one effect. Runs on this run's
// engine; the cases share one database, emptied before each (a fresh database per case would cost more than
// the case itself on PostgreSQL).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSide, OrderType } from '../../../workers/protocol/trade.ts';
import { AppError } from '../../../server/errors.ts';
import { lastPsxClose } from '../../../server/domain/trading/day-orders.ts';
import { TradingEngine } from '../../../server/domain/trading/engine.ts';
import { DEFAULT_FEES } from '../../../server/domain/trading/fees.ts';
import { releaseDueLocks } from '../../../server/domain/trading/t-plus-one.ts';
import { grantCash } from '../../../server/domain/ledger/post.ts';
import { forgetLedgerAccounts } from '../../../server/domain/ledger/ledger-repo.ts';
import type { Db } from '../../../server/db/database.ts';
import { checkInvariants } from './ledger-invariants.ts';
import { FakeMarket, MONDAY_10AM, STOCKS } from './fake-market.ts';
import { addUser, rowsIn, tradingDb, type TradingDb } from './trading-db.ts';

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

/** Tables a case writes, children first. */
const CASE_TABLES = [
  'user_messages',
  'share_locks',
  'trade_journals',
  'stock_fills',
  'stock_positions',
  'stock_orders',
  'ledger_postings',
  'ledger_balances',
  'ledger_journals',
  'ledger_accounts',
  'accounts',
  'users',
] as const;

async function empty(db: Db): Promise<void> {
  for (const t of CASE_TABLES) await db.deleteFrom(t).execute();
  // SQLite reuses the ids of deleted rows: the ids the ledger remembered may now name other accounts.
  forgetLedgerAccounts(db);
}

let shared: TradingDb;
beforeAll(async () => {
  shared = await tradingDb();
});
afterAll(async () => shared.close());

async function openOrdersBefore(db: Db, ts: number): Promise<number> {
  const { n } = await db
    .selectFrom('stock_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['pending', 'partial'])
    .where('created_at', '<', ts)
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function run(actions: Action[]): Promise<void> {
  const { db } = shared;
  await empty(db);
  const market = new FakeMarket(MONDAY_10AM);
  const engine = new TradingEngine(db, market, DEFAULT_FEES);
  const users = [await addUser(db, 1), await addUser(db, 2)];
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
    await grantCash(db, acc.id, 2_000_000n, `g${grants++}`, market.clock);
    granted.set(acc.id, 2_000_000n);
  }
  for (const act of actions) {
    if (act.k === 'grant') {
      const acc = accounts[act.a]!.id;
      await grantCash(db, acc, act.amount, `g${grants++}`, market.clock);
      granted.set(acc, (granted.get(acc) ?? 0n) + act.amount);
    } else if (act.k === 'place') {
      const acc = accounts[act.a]!;
      const symbol = SYMBOLS[act.sym]!;
      const key = `${acc.id}:${act.cid}`;
      const before = { j: await rowsIn(db, 'ledger_journals'), o: await rowsIn(db, 'stock_orders') };
      try {
        const r = await engine.place({
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
          expect(await rowsIn(db, 'ledger_journals')).toBe(before.j);
        } else {
          expect(r.created).toBe(true);
          effects.set(key, { orderId: r.order.id });
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // a refusal stores nothing
        expect(await rowsIn(db, 'ledger_journals')).toBe(before.j);
        expect(await rowsIn(db, 'stock_orders')).toBe(before.o);
      }
    } else if (act.k === 'tick') {
      const s = STOCKS[act.sym]!;
      const prices = [s.last, s.asks[0]![0], s.bids[0]![0], s.limitUp, s.limitDown];
      await engine.onTick(
        market.tick({ [s.symbol]: act.prints.map((p) => [prices[p.price]!, String(p.qty)]) }),
      );
      // DAY orders: after a step, no limit order placed before the latest PSX close is still open.
      expect(await openOrdersBefore(db, lastPsxClose(market.clock) ?? 0)).toBe(0);
    } else if (act.k === 'sellHeld') {
      // sell (half of) what the account can sell of its first holding, so sells fill often enough
      const acc = accounts[act.a]!;
      const h = await db
        .selectFrom('ledger_balances as b')
        .innerJoin('ledger_accounts as x', 'x.id', 'b.ledger_account_id')
        .select(['b.asset as symbol', 'b.amount as qty'])
        .where('x.account_id', '=', acc.id)
        .where('x.name', '=', 'shares')
        .where('b.amount', '>', 0n)
        .orderBy('b.asset')
        .limit(1)
        .executeTakeFirst();
      if (!h) continue;
      const lot = BigInt(STOCKS.find((s) => s.symbol === h.symbol)!.lot);
      const half = (h.qty / 2n / lot) * lot;
      const qty = act.half ? (half > lot ? half : lot) : h.qty;
      try {
        await engine.place({
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
      const ids = (
        await db.selectFrom('stock_orders').select('id').where('account_id', '=', acc).orderBy('id').execute()
      ).map((r) => r.id);
      if (ids.length === 0) continue;
      try {
        await engine.cancel(acc, ids[act.n % ids.length]!, market.clock);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    } else if (act.k === 'day') {
      market.clock += 86_400_000;
      await releaseDueLocks(db, null, market.clock);
    } else {
      market.state = act.open ? 'open' : 'closed';
    }
  }
  await checkInvariants(
    db,
    accounts.map((a) => a.id),
    granted,
  );
}

describe('trading ledger properties', () => {
  it('hold over 1,000 random sequences of deposits, orders, prints, cancels and T+1 roll-overs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 24, size: 'max' }), (actions) =>
        run(actions),
      ),
      { numRuns: 1000 },
    );
  }, 400_000); // ~25 s on SQLite; PostgreSQL on a loaded 2-core machine took 208 s
});
