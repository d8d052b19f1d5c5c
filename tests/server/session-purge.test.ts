// Dead sessions (expired or revoked) and their tokens are deleted when the app starts and then on a timer;
// live sessions and their tokens stay and keep working.
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import {
  createSession,
  purgeDeadSessions,
  resolveToken,
  revokeSession,
} from '../../server/domain/auth/sessions-repo.ts';
import { createUser } from '../../server/domain/auth/users-repo.ts';
import { loadConfig } from '../../server/config.ts';
import { configPlugin } from '../../server/plugins/config.ts';
import { sessionPurgePlugin } from '../../server/plugins/session-purge.ts';
import { freshDbPlace, type TestDbPlace } from '../support/test-db.ts';
import { get, makeTestApp, uniquePhone, type TestApp } from './helpers.ts';

const DAY = 86_400_000;
const apps: TestApp[] = [];
const places: TestDbPlace[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
  for (const p of places) await p.remove();
});

const meta = { ip: '127.0.0.1', userAgent: 'test' };
async function count(db: Db, table: 'sessions' | 'tokens'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
const sessionIds = async (db: Db) =>
  (await db.selectFrom('sessions').select('id').orderBy('id').execute()).map((r) => r.id);
const hasSession = async (db: Db, id: number) =>
  (await db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

function newUser(db: Db): Promise<number> {
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
    const db = t.db;
    const now = Date.now();
    const userId = await newUser(db);
    const before = await count(db, 'sessions');
    const expired = await createSession(db, userId, 1, meta, now - 2 * DAY);
    const revoked = await createSession(db, userId, 30, meta, now);
    await revokeSession(db, revoked.sessionId, now);
    const live = await createSession(db, userId, 30, meta, now);
    expect(await purgeDeadSessions(db, now)).toBe(2);
    expect(await count(db, 'sessions')).toBe(before + 1);
    const ids = await sessionIds(db);
    expect(ids).toContain(live.sessionId);
    expect(ids).not.toContain(expired.sessionId);
    const tokenSessions = (await db.selectFrom('tokens').select('session_id').distinct().execute()).map(
      (r) => r.session_id,
    );
    expect(tokenSessions).not.toContain(expired.sessionId);
    expect(tokenSessions).not.toContain(revoked.sessionId);
    expect(await resolveToken(db, live.tokenReal)).toMatchObject({ userId, accountType: 'real' });
    expect(await resolveToken(db, expired.tokenReal)).toBeNull();
    // nothing dead left: a second pass deletes nothing
    expect(await purgeDeadSessions(db, now)).toBe(0);
    // a session expiring exactly now is dead (resolveToken needs expires_at > now)
    const edge = await createSession(db, userId, 1, meta, now - DAY);
    expect(await resolveToken(db, edge.tokenDemo, now)).toBeNull();
    expect(await purgeDeadSessions(db, now)).toBe(1);
  });

  it('runs when the app starts, so sessions that died while it was down go at once', async () => {
    // Both apps on one database (the same DATA_DIR, and on PostgreSQL the same DATABASE_URL).
    const place = await freshDbPlace();
    places.push(place);
    const first = await makeTestApp(place.env);
    const userId = await newUser(first.db);
    const dead = await createSession(first.db, userId, 1, meta, Date.now() - 3 * DAY);
    const live = await createSession(first.db, userId, 30, meta);
    await first.close();

    const second = await makeTestApp(place.env);
    apps.push(second);
    const ids = await sessionIds(second.db);
    expect(ids).toEqual([live.sessionId]);
    expect(await count(second.db, 'tokens')).toBe(2);
    expect(ids).not.toContain(dead.sessionId);
    // the live session still logs in through the API
    const info = await get(second.app, '/api/user/info', {}, { token: live.tokenDemo });
    expect(info.body.code).toBe(0);
  });

  it('runs again on its timer and stops when the app closes', async () => {
    const t = await makeTestApp();
    apps.push(t);
    const userId = await newUser(t.db);
    // A host of its own with what the plugin depends on (the configuration and the database), on a fast clock.
    const host = Fastify();
    await host.register(configPlugin, { config: t.config });
    await host.register(
      fp(
        async (app) => {
          app.decorate('db', t.db);
        },
        { name: 'db' },
      ),
    );
    await host.register(sessionPurgePlugin, { everyMs: 20 });
    await host.ready();
    // Created dead after the purge at start: only a later tick can delete it.
    const dying = await createSession(t.db, userId, 1, meta, Date.now() - DAY - 1);
    for (let i = 0; i < 100 && (await hasSession(t.db, dying.sessionId)); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(await hasSession(t.db, dying.sessionId)).toBe(false);
    await host.close();
    const later = await createSession(t.db, userId, 1, meta, Date.now() - DAY - 1);
    await new Promise((r) => setTimeout(r, 80));
    expect(await hasSession(t.db, later.sessionId)).toBe(true);
  });

  it('reads its period from SESSION_PURGE_MIN (default hourly)', () => {
    expect(loadConfig({}).sessionPurgeMin).toBe(60);
    expect(loadConfig({ SESSION_PURGE_MIN: '5' }).sessionPurgeMin).toBe(5);
    expect(() => loadConfig({ SESSION_PURGE_MIN: '0' })).toThrow(/SESSION_PURGE_MIN/);
  });
});
