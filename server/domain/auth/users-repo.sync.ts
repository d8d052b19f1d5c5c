// TRANSITIONAL (issue 13): the synchronous copy for callers not yet on the async data layer; delete when none import it.
// Users and their two accounts (real and demo); registration funds the demo account through the ledger.
import type { RawDb as Db } from '../../db/database.ts';
import type { AccountType, IdStatus, UserInfo } from '../../../workers/protocol/api.ts';
import { postJournal, systemLedgerAccount, userLedgerAccount } from '../ledger/ledger-repo.sync.ts';
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
  createdAt: number;
}

const USER_COLUMNS = `id, area_code AS areaCode, phone, account, password_hash AS passwordHash, status,
  id_status AS idStatus, invite_code AS inviteCode, open_auto_apply AS openAutoApply,
  trade_password_hash IS NOT NULL AS hasTradePassword, withdraw_password_hash IS NOT NULL AS hasWithdrawPassword,
  created_at AS createdAt`;

export function findUserByPhone(db: Db, phone: string): UserRow | undefined {
  return db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE phone = ?`).get(phone) as UserRow | undefined;
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).get(id) as UserRow | undefined;
}

export function findUserIdByInviteCode(db: Db, code: string): number | undefined {
  return db.prepare('SELECT id FROM users WHERE invite_code = ?').pluck().get(code.toUpperCase()) as
    number | undefined;
}

/** The wire form of a user for one of their accounts. */
export function toUserInfo(user: UserRow, accountType: AccountType): UserInfo {
  return {
    id: user.id,
    account: user.account,
    status: user.status,
    idStatus: user.idStatus,
    areaCode: user.areaCode,
    phone: user.phone,
    accountType,
    inviteCode: user.inviteCode,
    openAutoApply: user.openAutoApply,
    hasTradePassword: user.hasTradePassword === 1,
    hasWithdrawPassword: user.hasWithdrawPassword === 1,
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
export function createUser(db: Db, input: NewUser, now = Date.now()): number {
  return db.transaction(() => {
    let inviteCode = randomText(UNAMBIGUOUS, 8);
    while (findUserIdByInviteCode(db, inviteCode) !== undefined) inviteCode = randomText(UNAMBIGUOUS, 8);
    const userId = Number(
      db
        .prepare(
          `INSERT INTO users (area_code, phone, account, password_hash, invite_code, invited_by, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(input.areaCode, input.phone, input.phone, input.passwordHash, inviteCode, input.invitedBy, now)
        .lastInsertRowid,
    );
    const addAccount = db.prepare('INSERT INTO accounts (user_id, type, created_at) VALUES (?, ?, ?)');
    addAccount.run(userId, 'real', now);
    const demoId = Number(addAccount.run(userId, 'demo', now).lastInsertRowid);
    if (input.demoFundsPaisa > 0n) {
      postJournal(db, {
        kind: 'demo_funding',
        ref: `account:${demoId}`,
        memo: 'virtual funds for a new demo account',
        now,
        postings: [
          {
            ledgerAccountId: systemLedgerAccount(db, 'demo_funding'),
            asset: 'PKR',
            amount: -input.demoFundsPaisa,
          },
          { ledgerAccountId: userLedgerAccount(db, demoId), asset: 'PKR', amount: input.demoFundsPaisa },
        ],
      });
    }
    return userId;
  })();
}

export function updatePasswordHash(db: Db, userId: number, passwordHash: string): void {
  db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId);
}

/** The id of a user's account of the given type. */
export function accountIdOf(db: Db, userId: number, type: AccountType): number | undefined {
  return db.prepare('SELECT id FROM accounts WHERE user_id = ? AND type = ?').pluck().get(userId, type) as
    number | undefined;
}
