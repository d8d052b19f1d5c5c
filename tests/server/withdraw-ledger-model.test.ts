// The ledger under withdrawals, against a model (the ledger-api.test.ts style): random deposits, withdrawal
// requests (PKR to a bank account, USDT to a TRC20 address), approvals and rejections, on the domain functions
// the routes and the console call. After every step available and frozen equal the model (a refused request
// changes nothing; a repeated decision changes nothing; approving a rejected one or rejecting a paid one is
// refused); at the end every journal balances, no user book is negative and the cached balances equal the
// replayed postings (the self-check).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { Ledger } from '../../server/domain/ledger/ledger-service.ts';
import { AttemptGuard, MemoryAttemptStore } from '../../server/domain/rate-limit/attempt-guard.ts';
import { writeSetting } from '../../server/domain/settings/settings-repo.ts';
import { requestWithdrawal } from '../../server/domain/withdrawals/withdrawal-request.ts';
import {
  approveWithdrawal,
  rejectWithdrawal,
  WithdrawalReviewError,
} from '../../server/domain/withdrawals/withdrawal-review.ts';
import { AppError } from '../../server/errors.ts';
import { formatMinor } from '../../contract/money.ts';
import { cheapHash } from '../support/cheap-trader.ts';
import { addUser, tradingDb, type TradingDb } from './trading/trading-db.ts';
import { ALWAYS_OPEN, grant } from './withdraw-helpers.ts';

const ASSETS = ['PKR', 'USDT'] as const;
const SCALE = { PKR: 2, USDT: 6 };
const ACCOUNTS = 2;
const PIN = '135790';
// fee 1 % with a 0.05 PKR minimum; USDT pays a 0.5 network fee (500000 units)
const FEE_MIN = 5n;
const NET_FEE = 500_000n;
/** The model's own fee rule: PKR max(0.05, ceil(1 %)), USDT the network fee. */
function fee(asset: string, amount: bigint): bigint {
  if (asset !== 'PKR') return NET_FEE;
  const pct = (amount + 99n) / 100n;
  return pct > FEE_MIN ? pct : FEE_MIN;
}

type Act =
  | { k: 'deposit'; a: number; asset: number; amount: bigint }
  | { k: 'request'; a: number; asset: number; amount: bigint }
  | { k: 'approve' | 'reject'; pick: number };

const who = fc.nat(ACCOUNTS - 1);
const asset = fc.nat(1);
const act: fc.Arbitrary<Act> = fc.oneof(
  fc.record({ k: fc.constant('deposit' as const), a: who, asset, amount: fc.bigInt(1n, 3_000_000n) }),
  fc.record({ k: fc.constant('request' as const), a: who, asset, amount: fc.bigInt(1n, 2_000_000n) }),
  fc.record({ k: fc.constant('approve' as const), pick: fc.nat(40) }),
  fc.record({ k: fc.constant('reject' as const), pick: fc.nat(40) }),
);

interface Book {
  available: bigint;
  frozen: bigint;
}

let shared: TradingDb;
let nextUser = 0;
let clientSeq = 0;
const guard = new AttemptGuard(
  { free: 1_000_000, baseDelayMs: 1, maxDelayMs: 1, forgetAfterMs: 1 },
  new MemoryAttemptStore(),
);
const hash = cheapHash(PIN);

beforeAll(async () => {
  shared = await tradingDb();
  const now = Date.now();
  await writeSetting(shared.db, 'withdraw.hours', ALWAYS_OPEN, null, now);
  await writeSetting(shared.db, 'withdraw.min', '0.01', null, now);
  await writeSetting(shared.db, 'withdraw.feeRate', '0.01', null, now);
  await writeSetting(shared.db, 'withdraw.feeMin', '0.05', null, now);
  await writeSetting(shared.db, 'withdraw.dailyMax', '999999999999.00', null, now);
  await writeSetting(shared.db, 'crypto.withdrawMin', '0.000001', null, now);
  await writeSetting(shared.db, 'crypto.withdrawFee.TRC20', '0.5', null, now);
});
afterAll(async () => shared.close());

async function run(acts: readonly Act[]): Promise<void> {
  const db = shared.db;
  const ledger = new Ledger(db);
  const now = Date.now();
  const users: Array<{ userId: number; accountId: number; bindingId: number; addressId: number }> = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const { real } = await addUser(db, 1_000_000 + nextUser++);
    const { user_id: userId } = await db
      .selectFrom('accounts')
      .select('user_id')
      .where('id', '=', real)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('users')
      .set({ id_status: 'succ', withdraw_password_hash: hash })
      .where('id', '=', userId)
      .execute();
    const b = await db
      .insertInto('payout_bindings')
      .values({
        user_id: userId,
        kind: 'bank',
        provider: 'HABB',
        number: `PK${userId}`,
        title: 'T',
        created_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const c = await db
      .insertInto('crypto_addresses')
      .values({
        user_id: userId,
        purpose: 'withdraw',
        chain: 'TRC20',
        address: `T${userId}`,
        created_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push({ userId, accountId: real, bindingId: b.id, addressId: c.id });
  }
  const model = new Map<string, Book>();
  const book = (a: number, s: string) => {
    const key = `${a}:${s}`;
    if (!model.has(key)) model.set(key, { available: 0n, frozen: 0n });
    return model.get(key)!;
  };
  const made: Array<{
    id: number;
    a: number;
    asset: string;
    total: bigint;
    status: 'pending' | 'paid' | 'rejected';
  }> = [];

  for (const x of acts) {
    if (x.k === 'deposit') {
      const s = ASSETS[x.asset]!;
      await grant(db, users[x.a]!.accountId, s, x.amount);
      book(x.a, s).available += x.amount;
    } else if (x.k === 'request') {
      const s = ASSETS[x.asset]!;
      const u = users[x.a]!;
      const m = book(x.a, s);
      const total = x.amount + fee(s, x.amount);
      const before = await ledger.money(u.accountId, s);
      try {
        const row = await requestWithdrawal(
          db,
          guard,
          { userId: u.userId, accountId: u.accountId, accountType: 'real' },
          {
            target: s === 'PKR' ? { kind: 'binding', id: u.bindingId } : { kind: 'address', id: u.addressId },
            amount: formatMinor(x.amount, SCALE[s]),
            password: PIN,
            clientId: `model-${clientSeq++}`,
          },
          now,
        );
        expect(total <= m.available, `request ${total} of ${m.available}`).toBe(true);
        expect(row.amount + row.fee + row.network_fee).toBe(total);
        m.available -= total;
        m.frozen += total;
        made.push({ id: row.id, a: x.a, asset: s, total, status: 'pending' });
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).key).toBe('withdraw.insufficient');
        expect(total > m.available).toBe(true);
        expect(await ledger.money(u.accountId, s)).toEqual(before);
      }
    } else {
      const w = made[x.pick % Math.max(1, made.length)];
      if (!w) continue;
      const m = book(w.a, w.asset);
      const to = x.k === 'approve' ? 'paid' : 'rejected';
      try {
        const r =
          x.k === 'approve'
            ? await approveWithdrawal(
                db,
                CLI_ACTOR,
                w.id,
                { reference: w.asset === 'PKR' ? `REF-${w.id}` : '' },
                now,
              )
            : await rejectWithdrawal(db, CLI_ACTOR, w.id, { reason: 'model' }, now);
        expect(r.changed).toBe(w.status === 'pending');
        if (w.status === 'pending') {
          m.frozen -= w.total;
          if (to === 'rejected') m.available += w.total;
          w.status = to;
        }
      } catch (err) {
        expect(err).toBeInstanceOf(WithdrawalReviewError);
        expect(w.status).not.toBe('pending');
        expect(w.status).not.toBe(to);
      }
    }
    for (let a = 0; a < ACCOUNTS; a++)
      for (const s of ASSETS) {
        const m = book(a, s);
        expect(await ledger.money(users[a]!.accountId, s)).toEqual({ asset: s, ...m });
        expect(m.available >= 0n && m.frozen >= 0n).toBe(true);
      }
  }
  const check = await ledgerSelfCheck(db);
  expect(check.differences).toEqual([]);
  expect(check.unbalancedJournals).toEqual([]);
  expect(check.negativeUserBalances).toEqual([]);
}

describe('withdrawals in the ledger', () => {
  it('match a model over random deposits, requests, approvals and rejections', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(act, { minLength: 3, maxLength: 20 }), (acts) => run(acts)),
      { numRuns: 300 },
    );
  }, 300_000);
});
