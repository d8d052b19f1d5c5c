// The ledger model extended with deposits (issue 15): random requests (some retried with the same client id,
// some reusing one with other details), operator credits (some repeated, some reusing a bank reference) and
// rejections, against a model. After every step the user's cash equals the model and a refusal changed
// nothing; at the end every journal balances, no user book is negative, and the cached balances equal the
// replayed postings (the self-check).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { requestRecharge } from '../../server/domain/deposits/deposit-request.ts';
import { creditDeposit, rejectDeposit } from '../../server/domain/deposits/deposit-review.ts';
import { cashOf } from '../../server/domain/ledger/books.ts';
import { forgetLedgerAccounts } from '../../server/domain/ledger/ledger-repo.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { AttemptGuard, MemoryAttemptStore } from '../../server/domain/rate-limit/attempt-guard.ts';
import { AppError } from '../../server/errors.ts';
import { addUser, tradingDb, type TradingDb } from './trading/trading-db.ts';

const USERS = 2;
const NOW = Date.UTC(2026, 10, 16, 6);

type Act =
  | { k: 'request'; u: number; rupees: number; slot: number }
  | { k: 'credit'; i: number; ref: number }
  | { k: 'reject'; i: number };

const act: fc.Arbitrary<Act> = fc.oneof(
  fc.record({
    k: fc.constant('request' as const),
    u: fc.nat(USERS - 1),
    rupees: fc.integer({ min: 500, max: 5000 }),
    slot: fc.nat(3),
  }),
  fc.record({ k: fc.constant('credit' as const), i: fc.nat(7), ref: fc.nat(3) }),
  fc.record({ k: fc.constant('reject' as const), i: fc.nat(7) }),
);

const CASE_TABLES = [
  'user_messages',
  'deposits',
  'trade_journals',
  'ledger_postings',
  'ledger_balances',
  'ledger_journals',
  'ledger_accounts',
  'accounts',
  'users',
] as const;

let shared: TradingDb;
let nextUser = 0;
let bankId = 0;
const guard = new AttemptGuard(
  { free: 5, baseDelayMs: 1000, maxDelayMs: 1000, forgetAfterMs: 1000 },
  new MemoryAttemptStore(),
);

beforeAll(async () => {
  shared = await tradingDb();
  bankId = (
    await shared.db
      .selectFrom('receiving_accounts')
      .select('id')
      .where('channel', '=', 'bank')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => shared.close());

interface ModelDeposit {
  id: number;
  user: number;
  amount: bigint;
  status: 'pending' | 'credited' | 'rejected';
  bankRef: string;
}

async function run(acts: readonly Act[]): Promise<void> {
  const db = shared.db;
  for (const table of CASE_TABLES) await db.deleteFrom(table).execute();
  // SQLite reuses deleted ids: the ledger's cached account ids would point at rows that are gone.
  forgetLedgerAccounts(db);
  const users: { userId: number; accountId: number }[] = [];
  for (let i = 0; i < USERS; i++) {
    const { real } = await addUser(db, nextUser++);
    const { user_id: userId } = await db
      .selectFrom('accounts')
      .select('user_id')
      .where('id', '=', real)
      .executeTakeFirstOrThrow();
    await db.updateTable('users').set({ id_status: 'succ' }).where('id', '=', userId).execute();
    users.push({ userId, accountId: real });
  }
  const cash = users.map(() => 0n);
  const deposits: ModelDeposit[] = [];
  const slots = new Map<string, ModelDeposit>();

  const refused = async (p: Promise<unknown>, key: string) => {
    await expect(p).rejects.toBeInstanceOf(AppError);
    await p.catch((e: AppError) => expect(e.key).toBe(key));
  };

  for (const x of acts) {
    if (x.k === 'request') {
      const u = users[x.u]!;
      const amount = BigInt(x.rupees) * 100n;
      const clientId = `client-${x.u}-${x.slot}`;
      const call = requestRecharge(
        db,
        guard,
        { ...u, accountType: 'real' },
        { channel: 'bank', amount: String(x.rupees), clientId, receivingAccountId: String(bankId) },
        NOW,
      );
      const earlier = slots.get(clientId);
      if (earlier && earlier.amount !== amount) await refused(call, 'deposit.clientIdUsed');
      else {
        const row = await call;
        if (earlier) expect(row.id).toBe(earlier.id);
        else {
          const d: ModelDeposit = { id: row.id, user: x.u, amount, status: 'pending', bankRef: '' };
          deposits.push(d);
          slots.set(clientId, d);
        }
      }
    } else if (deposits.length > 0) {
      const d = deposits[x.i % deposits.length]!;
      if (x.k === 'credit') {
        const bankRef = `BANK-${x.ref}`;
        const call = creditDeposit(db, CLI_ACTOR, d.id, { bankReference: bankRef }, NOW);
        if (d.status === 'rejected') await refused(call, 'deposit.review.alreadyRejected');
        else if (d.status === 'credited')
          if (d.bankRef === bankRef) expect((await call).changed).toBe(false);
          else await refused(call, 'deposit.review.alreadyCredited');
        else if (deposits.some((o) => o.status === 'credited' && o.bankRef === bankRef))
          await refused(call, 'deposit.review.bankReferenceUsed');
        else {
          expect((await call).changed).toBe(true);
          d.status = 'credited';
          d.bankRef = bankRef;
          cash[d.user] = cash[d.user]! + d.amount;
        }
      } else {
        const call = rejectDeposit(db, CLI_ACTOR, d.id, { reason: 'No matching transfer' }, NOW);
        if (d.status === 'credited') await refused(call, 'deposit.review.alreadyCredited');
        else {
          expect((await call).changed).toBe(d.status === 'pending');
          d.status = 'rejected';
        }
      }
    }
    for (let i = 0; i < USERS; i++) expect(await cashOf(db, users[i]!.accountId)).toBe(cash[i]);
  }
  const rows = await db.selectFrom('deposits').select(['id', 'status']).orderBy('id').execute();
  expect(rows).toEqual(deposits.map((d) => ({ id: d.id, status: d.status })));
  const check = await ledgerSelfCheck(db);
  expect(check.differences).toEqual([]);
  expect(check.unbalancedJournals).toEqual([]);
  expect(check.negativeUserBalances).toEqual([]);
}

describe('deposits on the ledger', () => {
  it('matches a model over random requests, credits and rejections', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(act, { minLength: 3, maxLength: 14 }), (acts) => run(acts)),
      { numRuns: 300 },
    );
  }, 600_000);
});
