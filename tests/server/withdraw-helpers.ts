// Fixtures of the withdraw tests, written straight into the database as the brief allows: a trader with KYC
// verified, the withdrawal password WITHDRAW_PASSWORD (cheap hash), a bound bank account, a crypto withdrawal
// address, funds granted through the ledger, and withdrawal hours open all week.
import type { Db } from '../../server/db/database.ts';
import { accountIdOf } from '../../server/domain/auth/users-repo.ts';
import { postRecord } from '../../server/domain/ledger/post.ts';
import { writeSetting } from '../../server/domain/settings/settings-repo.ts';
import { cheapHash, traderOn } from '../support/cheap-trader.ts';
import { uniquePhone, type TestApp } from './helpers.ts';

export const WITHDRAW_PASSWORD = '135790';
export const ALWAYS_OPEN = { days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' };

export interface Withdrawer {
  userId: number;
  tokenReal: string;
  tokenDemo: string;
  accountId: number;
  bindingId: number;
  addressId: number;
}

let uuid = 0;
/** A fresh clientId as the form makes one. */
export const newClientId = (): string => `client-${process.pid}-${Date.now()}-${uuid++}`;

export async function openAllWeek(db: Db): Promise<void> {
  await writeSetting(db, 'withdraw.hours', ALWAYS_OPEN, null, Date.now());
}

/** Credits `amount` minor units of `asset` to the account's available book. */
export async function grant(db: Db, accountId: number, asset: 'PKR' | 'USDT', amount: bigint): Promise<void> {
  await postRecord(db, {
    kind: 'test_grant',
    ref: `grant:${newClientId()}`,
    accountId,
    now: Date.now(),
    legs: [
      { system: 'test_funding', asset, amount: -amount },
      { accountId, book: 'cash', asset, amount },
    ],
  });
}

export async function withdrawer(
  t: TestApp,
  opts: { kyc?: boolean; password?: boolean; pkr?: bigint; usdt?: bigint } = {},
): Promise<Withdrawer> {
  const db = t.db;
  const tr = await traderOn(db, {
    phone: uniquePhone(),
    demoFundsPaisa: t.config.demoFundsPaisa,
    withPassword: false,
  });
  await db
    .updateTable('users')
    .set({
      id_status: (opts.kyc ?? true) ? 'succ' : 'none',
      withdraw_password_hash: (opts.password ?? true) ? cheapHash(WITHDRAW_PASSWORD) : null,
    })
    .where('id', '=', tr.userId)
    .execute();
  const accountId = (await accountIdOf(db, tr.userId, 'real'))!;
  const now = Date.now();
  const b = await db
    .insertInto('payout_bindings')
    .values({
      user_id: tr.userId,
      kind: 'bank',
      provider: 'HABB',
      number: 'PK36HABB0000001123456702',
      title: 'Ali Khan',
      created_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const a = await db
    .insertInto('crypto_addresses')
    .values({
      user_id: tr.userId,
      purpose: 'withdraw',
      chain: 'TRC20',
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      label: 'mine',
      created_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.pkr) await grant(db, accountId, 'PKR', opts.pkr);
  if (opts.usdt) await grant(db, accountId, 'USDT', opts.usdt);
  return { ...tr, accountId, bindingId: b.id, addressId: a.id };
}

/** Counts of the tables a refused withdrawal must not touch. */
export async function withdrawCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [
    'withdrawals',
    'ledger_journals',
    'ledger_postings',
    'operator_audit',
    'users',
  ] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}
