// A fresh, empty PostgreSQL database for one test file (or one test) on the run's shared server (global-setup.ts):
// a unique name per call, so files running in parallel never meet; drop() removes it, open connections and all.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase, dropDatabase } from '../../../scripts/services/pg-instance.mjs';

export interface PgTestDatabase {
  /** postgres://postgres@127.0.0.1:PORT/t_<pid>_<n>_<random> */
  url: string;
  name: string;
  drop(): Promise<void>;
}

let counter = 0;

/**
 * Creates the database and returns its url: a copy of `template` (default template0: empty), or with
 * `migrated` a copy of the run's migrated database (global-setup.ts), which the app's start-up check accepts as is.
 */
export async function freshPgDatabase(
  opts: { template?: string; migrated?: boolean } = {},
): Promise<PgTestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${process.pid}_${++counter}_${randomBytes(4).toString('hex')}`;
  const template = opts.migrated ? inject('pgTemplate') : opts.template;
  const url = await createDatabase(adminUrl, name, template ? { template } : {});
  return { url, name, drop: () => dropDatabase(adminUrl, name) };
}
