// Vitest global setup of the browser tests: the suite starts about sixty servers, and each start from the
// sources cost about 6.5 s on this machine (2 s of it compiling and loading ~600 modules through tsx, 2 s
// migrating a new database and generating the market's history). Here, once per run: the server is bundled
// (scripts/build/server-bundle.mjs), and one server started from the bundle migrates and fills a database,
// then stops. A test's server runs the bundle on a copy of that database (support/server.ts): about 2.4 s.
// The copy is what a restart finds, so the market catches up from where the template stopped, as after any
// restart. The locations reach the test files through the environment, which their workers inherit.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleServer } from '../../../scripts/build/server-bundle.mjs';
import { startServerProcess } from '../../support/server-process.ts';
import { E2E_SERVER_ENV } from './server-env.ts';

export default async function setup(): Promise<() => void> {
  const dir = join('.tmp', 'e2e-server', String(process.pid));
  mkdirSync(dir, { recursive: true });
  const bundle = await bundleServer(join(process.cwd(), dir, 'main.mjs'));
  const template = await startServerProcess({ ...E2E_SERVER_ENV, SCRYPT_LOG2N_FOR_TESTS: '12' }, { bundle });
  await template.kill('SIGTERM'); // a clean close: the database is checkpointed, the directory stays
  process.env['E2E_SERVER_BUNDLE'] = bundle;
  process.env['E2E_SERVER_SEED'] = template.dataDir;
  return () => {
    rmSync(template.dataDir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  };
}
