// Opens the SQLite database once per app and exposes it as `app.db`; closes it when the app closes.
import { openDb, type Db } from '../db/open-db.ts';
import { globalPlugin } from './global-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export const dbPlugin = globalPlugin<{ dataDir: string }>('db', async (app, opts) => {
  const db = openDb(opts.dataDir);
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    db.close();
  });
});
