// Dead sessions (expired or revoked) and their tokens are deleted when the app starts and then on a timer;
// live sessions and their tokens stay and keep working.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { RawDb as Db } from '../../server/db/database.ts';
import {
  createSession,
  purgeDeadSessions,
  resolveToken,
  revokeSession,
} from '../../server/domain/auth/sessions-repo.sync.ts';
import { createUser } from '../../server/domain/auth/users-repo.sync.ts';
import { loadConfig } from '../../server/config.ts';
import { sessionPurgePlugin } from '../../server/plugins/session-purge.ts';
import { get, makeTestApp, uniquePhone, type TestApp } from './helpers.ts';

const DAY = 86_400_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-trade-purge-'));
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const meta = { ip: '127.0.0.1', userAgent: 'test' };
const count = (db: Db, table: 'sessions' | 'tokens') =>
  db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;

function newUser(db: Db): number {
  return createUser(db, {
    areaCode: '+92',
    phone: `+92${uniquePhone()}`,
    passwordHash: 'x',
    invitedBy: null,
    demoFundsPaisa: 0n,
  });
}

describe('purging dead sessions', () => {
  it('deletes expired and revoked sessions with their tokens, keeps live ones', async () => {
    const t = await makeTestApp();
    apps.push(t);
    const now = Date.now();
    const userId = newUser(t.db);
    const before = count(t.db, 'sessions');
    const expired = createSession(t.db, userId, 1, meta, now - 2 * DAY);
    const revoked = createSession(t.db, userId, 30, meta, now);
    revokeSession(t.db, revoked.sessionId, now);
    const live = createSession(t.db, userId, 30, meta, now);
    expect(purgeDeadSessions(t.db, now)).toBe(2);
    expect(count(t.db, 'sessions')).toBe(before + 1);
    const ids = t.db.prepare('SELECT id FROM sessions').pluck().all();
    expect(ids).toContain(live.sessionId);
    expect(ids).not.toContain(expired.sessionId);
    const tokenSessions = t.db.prepare('SELECT DISTINCT session_id FROM tokens').pluck().all();
    expect(tokenSessions).not.toContain(expired.sessionId);
    expect(tokenSessions).not.toContain(revoked.sessionId);
    expect(resolveToken(t.db, live.tokenReal)).toMatchObject({ userId, accountType: 'real' });
    expect(resolveToken(t.db, expired.tokenReal)).toBeNull();
    // nothing dead left: a second pass deletes nothing
    expect(purgeDeadSessions(t.db, now)).toBe(0);
    // a session expiring exactly now is dead (resolveToken needs expires_at > now)
    const edge = createSession(t.db, userId, 1, meta, now - DAY);
    expect(resolveToken(t.db, edge.tokenDemo, now)).toBeNull();
    expect(purgeDeadSessions(t.db, now)).toBe(1);
  });

  it('runs when the app starts, so sessions that died while it was down go at once', async () => {
    const first = await makeTestApp({ DATA_DIR: dataDir });
    const userId = newUser(first.db);
    const dead = createSession(first.db, userId, 1, meta, Date.now() - 3 * DAY);
    const live = createSession(first.db, userId, 30, meta);
    await first.close();

    const second = await makeTestApp({ DATA_DIR: dataDir });
    apps.push(second);
    const ids = second.db.prepare('SELECT id FROM sessions').pluck().all();
    expect(ids).toEqual([live.sessionId]);
    expect(count(second.db, 'tokens')).toBe(2);
    expect(ids).not.toContain(dead.sessionId);
    // the live session still logs in through the API
    const info = await get(second.app, '/api/user/info', {}, { token: live.tokenDemo });
    expect(info.body.code).toBe(0);
  });

  it('runs again on its timer and stops when the app closes', async () => {
    const t = await makeTestApp();
    apps.push(t);
    const userId = newUser(t.db);
    const host = Fastify();
    host.decorate('rawDb', t.db);
    await host.register(sessionPurgePlugin, { everyMs: 20 });
    await host.ready();
    const dying = createSession(t.db, userId, 1, meta, Date.now() - DAY - 1);
    const has = () => t.db.prepare('SELECT COUNT(*) FROM sessions WHERE id = ?').pluck().get(dying.sessionId);
    expect(has()).toBe(1);
    for (let i = 0; i < 100 && has() === 1; i++) await new Promise((r) => setTimeout(r, 10));
    expect(has()).toBe(0);
    await host.close();
    const later = createSession(t.db, userId, 1, meta, Date.now() - DAY - 1);
    await new Promise((r) => setTimeout(r, 80));
    expect(t.db.prepare('SELECT COUNT(*) FROM sessions WHERE id = ?').pluck().get(later.sessionId)).toBe(1);
  });

  it('reads its period from SESSION_PURGE_MIN (default hourly)', () => {
    expect(loadConfig({}).sessionPurgeMin).toBe(60);
    expect(loadConfig({ SESSION_PURGE_MIN: '5' }).sessionPurgeMin).toBe(5);
    expect(() => loadConfig({ SESSION_PURGE_MIN: '0' })).toThrow(/SESSION_PURGE_MIN/);
  });
});
