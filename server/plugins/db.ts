// Opens the system of record once per app (db/database.ts: SQLite in DATA_DIR, or PostgreSQL with
// DATABASE_URL) and exposes it as `app.db` (the Kysely handle every repository takes) and `app.database`
// (dialect, pool); closes it when the app closes, after everything registered later has closed.
import { openDatabase, type Database, type Db } from '../db/database.ts';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export const dbPlugin = fp(
  async (app) => {
    const { dataDir, databaseUrl, dbPoolSize } = app.config;
    const database = await openDatabase({
      dataDir,
      ...(databaseUrl ? { databaseUrl } : {}),
      poolSize: dbPoolSize,
      onPoolError: (err) => app.log.warn({ err }, 'database: an idle connection broke; it will be replaced'),
    });
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
