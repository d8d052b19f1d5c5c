// TRANSITIONAL (issue 13): the synchronous copy for callers not yet on the async data layer; delete when none import it.
// Login sessions: one session per login holding a real-account token and a demo-account token.
import type { RawDb as Db } from '../../db/database.ts';
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
export function createSession(
  db: Db,
  userId: number,
  ttlDays: number,
  meta: { ip: string; userAgent: string },
  now = Date.now(),
): NewSession {
  return db.transaction(() => {
    const sessionId = Number(
      db
        .prepare(
          'INSERT INTO sessions (user_id, created_at, expires_at, ip, user_agent) VALUES (?, ?, ?, ?, ?)',
        )
        .run(userId, now, now + ttlDays * DAY_MS, meta.ip, meta.userAgent.slice(0, 300)).lastInsertRowid,
    );
    const accounts = db.prepare('SELECT id, type FROM accounts WHERE user_id = ?').all(userId) as Array<{
      id: number;
      type: AccountType;
    }>;
    const insert = db.prepare(
      'INSERT INTO tokens (token_hash, session_id, account_id, account_type) VALUES (?, ?, ?, ?)',
    );
    const tokens: Partial<Record<AccountType, string>> = {};
    for (const account of accounts) {
      const token = newToken();
      insert.run(hashToken(token), sessionId, account.id, account.type);
      tokens[account.type] = token;
    }
    if (!tokens.real || !tokens.demo) throw new Error(`user ${userId} lacks a real or demo account`);
    return { sessionId, tokenReal: tokens.real, tokenDemo: tokens.demo };
  })();
}

/** The user and account behind a token, or null when unknown, expired or revoked. */
export function resolveToken(db: Db, token: string, now = Date.now()): AuthContext | null {
  const row = db
    .prepare(
      `SELECT s.user_id AS userId, u.status AS userStatus, s.id AS sessionId,
              t.account_id AS accountId, t.account_type AS accountType
       FROM tokens t JOIN sessions s ON s.id = t.session_id JOIN users u ON u.id = s.user_id
       WHERE t.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
    )
    .get(hashToken(token), now) as AuthContext | undefined;
  return row ?? null;
}

/** Revokes one session (both of its tokens). */
export function revokeSession(db: Db, sessionId: number, now = Date.now()): void {
  db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now, sessionId);
}

/** Revokes every session of a user (after a password change). */
export function revokeUserSessions(db: Db, userId: number, now = Date.now()): number {
  return db
    .prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL')
    .run(now, userId).changes;
}

/**
 * Deletes sessions that can never be used again (expired, or revoked) and their tokens; returns how many.
 * Nothing reads a dead session (resolveToken refuses it already), so keeping them only grows the tables and
 * keeps token hashes and client IPs longer than they serve a purpose.
 */
export function purgeDeadSessions(db: Db, now = Date.now()): number {
  return db
    .transaction(() => {
      const dead = 'SELECT id FROM sessions WHERE expires_at <= ? OR revoked_at IS NOT NULL';
      db.prepare(`DELETE FROM tokens WHERE session_id IN (${dead})`).run(now);
      return db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR revoked_at IS NOT NULL').run(now)
        .changes;
    })
    .immediate();
}
