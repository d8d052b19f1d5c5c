// Users and their two accounts (real and demo); registration funds the demo account through the ledger.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import type { AccountType, IdStatus, UserInfo } from '../../../workers/protocol/api.ts';
import { PKR } from '../ledger/books.ts';
import { postRecord } from '../ledger/post.ts';
import { randomText, UNAMBIGUOUS } from './tokens.ts';

export interface UserRow {
  id: number;
  areaCode: string;
  phone: string;
  account: string;
  passwordHash: string;
  status: number;
  idStatus: IdStatus;
  inviteCode: string;
  openAutoApply: 0 | 1;
  hasTradePassword: 0 | 1;
  hasWithdrawPassword: 0 | 1;
  email: string | null;
  createdAt: number;
}

function users(db: Db) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'area_code as areaCode',
      'phone',
      'account',
      'password_hash as passwordHash',
      'status',
      'id_status as idStatus',
      'invite_code as inviteCode',
      sql<0 | 1>`CASE WHEN open_auto_apply = 1 THEN 1 ELSE 0 END`.as('openAutoApply'),
      sql<0 | 1>`CASE WHEN trade_password_hash IS NULL THEN 0 ELSE 1 END`.as('hasTradePassword'),
      sql<0 | 1>`CASE WHEN withdraw_password_hash IS NULL THEN 0 ELSE 1 END`.as('hasWithdrawPassword'),
      'email',
      'created_at as createdAt',
    ]);
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return users(db).where('phone', '=', phone).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return users(db).where('id', '=', id).executeTakeFirst();
}

export async function findUserIdByInviteCode(db: Db, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('invite_code', '=', code.toUpperCase())
    .executeTakeFirst();
  return row?.id;
}

/**
 * The wire form of a user for one of their accounts. `openAutoApply` is whether the broker offers automatic IPO
 * subscription (domain/ipo/auto-apply.ts autoApplyOffered; contract/ipo-auto.ts), not the account's switch.
 */
export function toUserInfo(user: UserRow, accountType: AccountType, openAutoApply: 0 | 1): UserInfo {
  return {
    id: user.id,
    account: user.account,
    status: user.status,
    idStatus: user.idStatus,
    areaCode: user.areaCode,
    phone: user.phone,
    accountType,
    inviteCode: user.inviteCode,
    openAutoApply,
    hasTradePassword: user.hasTradePassword === 1,
    hasWithdrawPassword: user.hasWithdrawPassword === 1,
    email: user.email ?? '',
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

export interface NewUser {
  areaCode: string;
  phone: string;
  passwordHash: string;
  invitedBy: number | null;
  demoFundsPaisa: bigint;
}

/** Creates the user, their real and demo accounts, and the demo funding journal, all in one transaction. */
export async function createUser(db: Db, input: NewUser, now = Date.now()): Promise<number> {
  return inTx(db, async (tx) => {
    let inviteCode = randomText(UNAMBIGUOUS, 8);
    while ((await findUserIdByInviteCode(tx, inviteCode)) !== undefined)
      inviteCode = randomText(UNAMBIGUOUS, 8);
    const { id: userId } = await tx
      .insertInto('users')
      .values({
        area_code: input.areaCode,
        phone: input.phone,
        account: input.phone,
        password_hash: input.passwordHash,
        invite_code: inviteCode,
        invited_by: input.invitedBy,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const addAccount = (type: AccountType) =>
      tx
        .insertInto('accounts')
        .values({ user_id: userId, type, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    await addAccount('real');
    const { id: demoId } = await addAccount('demo');
    if (input.demoFundsPaisa > 0n) {
      await postRecord(tx, {
        kind: 'demo_funding',
        ref: `account:${demoId}`,
        accountId: demoId,
        memo: 'virtual funds for a new demo account',
        now,
        legs: [
          { system: 'demo_funding', asset: PKR, amount: -input.demoFundsPaisa },
          { accountId: demoId, book: 'cash', asset: PKR, amount: input.demoFundsPaisa },
        ],
      });
    }
    return userId;
  });
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** The id of a user's account of the given type. */
export async function accountIdOf(db: Db, userId: number, type: AccountType): Promise<number | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row?.id;
}
