// The back-office deposit commands (in process, on this run's database): the queue, credit and reject of an
// app request (audited, idempotent), a simulated chain transfer to a customer's address, the channel password.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../server/domain/auth/users-repo.ts';
import { generateDepositAddress } from '../../server/domain/deposits/deposit-addresses.ts';
import { requestCoinRecharge, requestRecharge } from '../../server/domain/deposits/deposit-request.ts';
import { cashOf } from '../../server/domain/ledger/books.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { AttemptGuard, MemoryAttemptStore } from '../../server/domain/rate-limit/attempt-guard.ts';
import { runBackoffice } from '../../server/tools/backoffice.ts';
import { openTestDatabase, type TestDatabase } from '../support/test-db.ts';

const PHONE = '3007654321';
let tdb: TestDatabase;
let userId: number;
let accountId: number;

const cli = async (args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runBackoffice(
    [tdb.place.dataDir, ...args],
    { ...process.env, ...tdb.place.env },
    {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    },
  );
  return { status, out: out.join('\n'), err: err.join('\n') };
};

beforeAll(async () => {
  tdb = await openTestDatabase();
  userId = await createUser(tdb.db, {
    areaCode: '+92',
    phone: `+92${PHONE}`,
    passwordHash: 'x',
    invitedBy: null,
    demoFundsPaisa: 1n,
  });
  await tdb.db.updateTable('users').set({ id_status: 'succ' }).where('id', '=', userId).execute();
  const real = await tdb.db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'real')
    .executeTakeFirstOrThrow();
  accountId = real.id;
});
afterAll(async () => tdb.close());

it('lists, credits and rejects app deposit requests, audited and idempotent', async () => {
  const guard = new AttemptGuard(
    { free: 5, baseDelayMs: 1000, maxDelayMs: 1000, forgetAfterMs: 1000 },
    new MemoryAttemptStore(),
  );
  const caller = { userId, accountId, accountType: 'real' as const };
  const bank = await tdb.db
    .selectFrom('receiving_accounts')
    .select('id')
    .where('channel', '=', 'bank')
    .executeTakeFirstOrThrow();
  const a = await requestRecharge(
    tdb.db,
    guard,
    caller,
    { channel: 'bank', amount: '5000', clientId: 'cli-test-a', receivingAccountId: String(bank.id) },
    Date.now(),
  );
  const b = await requestRecharge(
    tdb.db,
    guard,
    caller,
    { channel: 'bank', amount: '700', clientId: 'cli-test-b', receivingAccountId: String(bank.id) },
    Date.now(),
  );
  const list = await cli(['deposits', '--status', 'pending']);
  expect(list.status).toBe(0);
  expect((JSON.parse(list.out) as { list: { id: number }[] }).list.map((d) => d.id)).toEqual([b.id, a.id]);
  const credit = await cli(['deposit-credit', '--id', String(a.id), '--ref', 'MEZN-778899']);
  expect(credit.status).toBe(0);
  expect(JSON.parse(credit.out)).toMatchObject({
    changed: true,
    deposit: { status: 'credited', amount: '5000.00 PKR' },
  });
  const again = await cli(['deposit-credit', '--id', String(a.id), '--ref', 'MEZN-778899']);
  expect(again).toMatchObject({ status: 0 });
  expect(JSON.parse(again.out)).toMatchObject({ changed: false });
  expect(await cashOf(tdb.db, accountId)).toBe(500_000n);
  const reject = await cli(['deposit-reject', '--id', String(b.id), '--reason', 'No transfer received']);
  expect(JSON.parse(reject.out)).toMatchObject({
    deposit: { status: 'rejected', reason: 'No transfer received' },
  });
  const late = await cli(['deposit-credit', '--id', String(b.id), '--ref', 'LATE-1']);
  expect(late.status).toBe(1);
  expect(late.err).toContain('already rejected');
  const bad = await cli(['deposit-credit', '--id', 'x', '--ref', 'A']);
  expect(bad.status).toBe(1);
  const audit = await tdb.db
    .selectFrom('operator_audit')
    .select(['action', 'source'])
    .where('subject_type', '=', 'deposit')
    .orderBy('id')
    .execute();
  expect(audit).toEqual([
    { action: 'deposit.credit', source: 'cli' },
    { action: 'deposit.reject', source: 'cli' },
  ]);
  const check = await ledgerSelfCheck(tdb.db);
  expect(check.ok).toBe(true);
});

it('sends a simulated transfer to the customer deposit address and sets channel passwords', async () => {
  const none = await cli(['chain-send', '--chain', 'TRC20', '--amount', '20', '--phone', PHONE]);
  expect(none.status).toBe(1);
  const address = await generateDepositAddress(tdb.db, Buffer.alloc(32, 7), userId, 'TRC20', Date.now());
  const sent = await cli(['chain-send', '--chain', 'TRC20', '--amount', '20.5', '--phone', PHONE]);
  expect(sent.status).toBe(0);
  expect(JSON.parse(sent.out)).toMatchObject({ chain: 'TRC20', address, amount: '20.500000' });
  const crypto = await requestCoinRecharge(
    tdb.db,
    { userId, accountId, accountType: 'real' },
    { chain: 'TRC20', amount: '20.5', clientId: 'cli-test-crypto' },
    Date.now(),
  );
  const refused = await cli(['deposit-reject', '--id', String(crypto.id), '--reason', 'Not seen']);
  expect(refused.status).toBe(1);
  expect(refused.err).toContain('Crypto deposits are credited or refused by the chain watcher');
  const still = await tdb.db
    .selectFrom('deposits')
    .select(['status', 'reason'])
    .where('id', '=', crypto.id)
    .executeTakeFirstOrThrow();
  expect(still).toEqual({ status: 'pending', reason: '' });
  const pw = await cli(['channel-password', '--password', 'manager-pass']);
  expect(JSON.parse(pw.out)).toMatchObject({ scope: 'default', replaced: false });
  const own = await cli(['channel-password', '--password', 'own-pass-1', '--phone', PHONE]);
  expect(JSON.parse(own.out)).toMatchObject({ scope: `user:${userId}` });
  const badPw = await cli(['channel-password', '--password', 'a b']);
  expect(badPw.status).toBe(1);
});
