// Login sessions: one session per login holding a real-account token and a demo-account token.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { hashToken, newToken } from './tokens.ts';

const DAY_MS = 86_400_000;

export interface AuthContext {
  userId: number;
  userStatus: number;
  sessionId: number;
  accountId: number;
  accountType: AccountType;
}

export interface NewSession {
  sessionId: number;
  tokenReal: string;
  tokenDemo: string;
}

/** Starts a session for `userId` with one token per account; only the tokens' hashes are stored. */
export async function createSession(
  db: Db,
  userId: number,
  ttlDays: number,
  meta: { ip: string; userAgent: string },
  now = Date.now(),
): Promise<NewSession> {
  return inTx(db, async (tx) => {
    const { id: sessionId } = await tx
      .insertInto('sessions')
      .values({
        user_id: userId,
        created_at: now,
        expires_at: now + ttlDays * DAY_MS,
        ip: meta.ip,
        user_agent: meta.userAgent.slice(0, 300),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const accounts = await tx
      .selectFrom('accounts')
      .select(['id', 'type'])
      .where('user_id', '=', userId)
      // a robot order's own account (migration 140) is never signed in to
      .where('type', 'in', ['real', 'demo'])
      .$narrowType<{ type: AccountType }>()
      .execute();
    const tokens: Partial<Record<AccountType, string>> = {};
    for (const account of accounts) {
      const token = newToken();
      await tx
        .insertInto('tokens')
        .values({
          token_hash: hashToken(token),
          session_id: sessionId,
          account_id: account.id,
          account_type: account.type,
        })
        .execute();
      tokens[account.type] = token;
    }
    if (!tokens.real || !tokens.demo) throw new Error(`user ${userId} lacks a real or demo account`);
    return { sessionId, tokenReal: tokens.real, tokenDemo: tokens.demo };
  });
}

/** The user and account behind a token, or null when unknown, expired or revoked. */
export async function resolveToken(db: Db, token: string, now = Date.now()): Promise<AuthContext | null> {
  const row = await db
    .selectFrom('tokens as t')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.user_id as userId',
      'u.status as userStatus',
      's.id as sessionId',
      't.account_id as accountId',
      't.account_type as accountType',
    ])
    .where('t.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

/** Revokes one session (both of its tokens). */
export async function revokeSession(db: Db, sessionId: number, now = Date.now()): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every session of a user (after a password change). */
export async function revokeUserSessions(db: Db, userId: number, now = Date.now()): Promise<number> {
  const r = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Deletes sessions that can never be used again (expired, or revoked) and their tokens; returns how many.
 * Nothing reads a dead session (resolveToken refuses it already), so keeping them only grows the tables and
 * keeps token hashes and client IPs longer than they serve a purpose.
 */
export async function purgeDeadSessions(db: Db, now = Date.now()): Promise<number> {
  return inTx(db, async (tx) => {
    const dead = (q: Db) =>
      q
        .selectFrom('sessions')
        .select('id')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]));
    await tx.deleteFrom('tokens').where('session_id', 'in', dead(tx)).execute();
    const r = await tx
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  });
}
