// The throw-away PostgreSQL and Redis of the server-pg project work as the server will use them: a fresh database
// per file keeps a BIGINT beyond 2^53 exact, and Redis pub/sub carries a message from one client to another.
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPgDatabase, type PgTestDatabase } from '../support/services/pg-test-db.ts';

describe.skipIf(process.env.TEST_DB !== 'postgres')('test services (PostgreSQL, Redis)', () => {
  let db: PgTestDatabase;
  beforeAll(async () => {
    db = await freshPgDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('a fresh PostgreSQL database keeps a BIGINT above 2^53 exact', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query('CREATE TABLE amounts (id SERIAL PRIMARY KEY, minor BIGINT NOT NULL)');
      await client.query('INSERT INTO amounts (minor) VALUES ($1)', ['9007199254740993']);
      const { rows } = await client.query<{ minor: string }>('SELECT minor FROM amounts');
      expect(rows).toEqual([{ minor: '9007199254740993' }]);
    } finally {
      await client.end();
    }
  });

  it('each call gets a database of its own, and drop() removes it', async () => {
    const other = await freshPgDatabase();
    expect(other.name).not.toBe(db.name);
    await other.drop();
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    try {
      const { rows } = await admin.query('SELECT datname FROM pg_database WHERE datname = ANY($1)', [
        [db.name, other.name],
      ]);
      expect(rows).toEqual([{ datname: db.name }]);
    } finally {
      await admin.end();
    }
  });

  it('Redis pub/sub delivers a message from one client to another', async () => {
    const sub = new Redis(inject('redisUrl'));
    const pub = new Redis(inject('redisUrl'));
    try {
      const received = new Promise<[string, string]>((resolve) =>
        sub.on('message', (channel: string, message: string) => resolve([channel, message])),
      );
      await sub.subscribe('test:fanout');
      expect(await pub.publish('test:fanout', 'hello')).toBe(1);
      expect(await received).toEqual(['test:fanout', 'hello']);
    } finally {
      sub.disconnect();
      pub.disconnect();
    }
  });
});
