// Back-office addressing: an operator names a customer by user id, phone (any accepted +92 form) or account
// id, and every refusal is a BackofficeError with a stable reason and an English message for the operator.
import type { Db } from '../../db/database.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { normalisePkMobile } from '../auth/phone.ts';
import { accountIdOf, findUserById, findUserByPhone, type UserRow } from '../auth/users-repo.ts';

export type BackofficeRefusal =
  | 'badUserRef'
  | 'badPhone'
  | 'unknownUser'
  | 'unknownAccount'
  | 'demoAccount'
  | 'badAmount'
  | 'badReference'
  | 'badChannel'
  | 'referenceConflict'
  | 'badStatus'
  | 'badReason'
  // ---- market scenarios (issue 16 item 7)
  | 'simControlsOff'
  | 'unknownPair';

export class BackofficeError extends Error {
  constructor(
    readonly reason: BackofficeRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'BackofficeError';
  }
}

/** Exactly one of these names the customer. */
export interface UserRef {
  userId?: number;
  phone?: string;
  /** a real or demo account id; lets a caller aim at an account and be refused when it is the demo one */
  accountId?: number;
}

export interface ResolvedAccount {
  user: UserRow;
  accountId: number;
  accountType: AccountType;
}

async function userByPhone(db: Db, phone: string): Promise<UserRow> {
  const e164 = normalisePkMobile(phone.trim());
  if (!e164) {
    throw new BackofficeError(
      'badPhone',
      `"${phone}" is not a Pakistani mobile number (3XXXXXXXXX, 03XXXXXXXXX or +923XXXXXXXXX)`,
    );
  }
  const user = await findUserByPhone(db, e164);
  if (!user) throw new BackofficeError('unknownUser', `no user with phone ${e164}`);
  return user;
}

async function userById(db: Db, userId: number): Promise<UserRow> {
  if (!Number.isSafeInteger(userId) || userId <= 0) {
    throw new BackofficeError('badUserRef', `user id must be a positive whole number, got ${userId}`);
  }
  const user = await findUserById(db, userId);
  if (!user) throw new BackofficeError('unknownUser', `no user with id ${userId}`);
  return user;
}

/** The user and account `ref` names; without an account id, the user's real account. */
export async function resolveAccount(db: Db, ref: UserRef): Promise<ResolvedAccount> {
  const given = [ref.userId, ref.phone, ref.accountId].filter((v) => v !== undefined).length;
  if (given !== 1) {
    throw new BackofficeError(
      'badUserRef',
      'name the customer by exactly one of user id, phone or account id',
    );
  }
  if (ref.accountId !== undefined) {
    const row = Number.isSafeInteger(ref.accountId)
      ? await db
          .selectFrom('accounts')
          .select(['user_id as userId', 'type'])
          .where('id', '=', ref.accountId)
          // robot accounts (migration 140) are not a user's account
          .where('type', 'in', ['real', 'demo'])
          .$narrowType<{ type: 'real' | 'demo' }>()
          .executeTakeFirst()
      : undefined;
    if (!row) throw new BackofficeError('unknownAccount', `no account with id ${ref.accountId}`);
    return { user: await userById(db, row.userId), accountId: ref.accountId, accountType: row.type };
  }
  const user =
    ref.phone !== undefined ? await userByPhone(db, ref.phone) : await userById(db, ref.userId ?? 0);
  const accountId = await accountIdOf(db, user.id, 'real');
  if (accountId === undefined)
    throw new BackofficeError('unknownAccount', `user ${user.id} has no real account`);
  return { user, accountId, accountType: 'real' };
}

/** The user a user id (number) or phone (string) names. */
export function resolveUser(db: Db, who: number | string): Promise<UserRow> {
  return typeof who === 'number' ? userById(db, who) : userByPhone(db, who);
}
