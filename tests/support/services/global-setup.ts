// Vitest global setup of the server-pg project: one throw-away PostgreSQL and one Redis for the whole run, on
// loopback ports of their own (scripts/services/). Test files get their addresses with inject(); each file makes
// its own database on the shared server (pg-test-db.ts), so files can run in parallel. Those databases are copies
// of one migrated here once (`pgTemplate`): migrating a fresh PostgreSQL database costs 0.5–0.7 s and the suite
// makes hundreds; CREATE DATABASE … TEMPLATE copies it in a few milliseconds.
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/database.ts';
import { createDatabase, startPostgres } from '../../../scripts/services/pg-instance.mjs';
import { startRedis } from '../../../scripts/services/redis-instance.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://postgres@127.0.0.1:PORT/postgres: the superuser, for CREATE/DROP DATABASE */
    pgAdminUrl: string;
    /** redis://127.0.0.1:PORT */
    redisUrl: string;
    /** a database with every migration applied, copied by pg-test-db.ts (nothing connects to it afterwards) */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [pg, redis] = await Promise.allSettled([startPostgres(), startRedis()]);
  if (pg.status === 'rejected' || redis.status === 'rejected') {
    await Promise.all([pg, redis].map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
    throw pg.status === 'rejected' ? pg.reason : (redis as PromiseRejectedResult).reason;
  }
  project.provide('pgAdminUrl', pg.value.adminUrl);
  project.provide('pgTemplate', await migratedTemplate(pg.value.adminUrl));
  project.provide('redisUrl', redis.value.url);
  return async () => {
    await Promise.all([pg.value.stop(), redis.value.stop()]);
  };
}

const TEMPLATE = 'migrated_template';

async function migratedTemplate(adminUrl: string): Promise<string> {
  const url = await createDatabase(adminUrl, TEMPLATE);
  const database = await openDatabase({ dataDir: '', databaseUrl: url });
  await database.close();
  return TEMPLATE;
}
