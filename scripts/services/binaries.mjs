// Finds the PostgreSQL (15 or newer) and Redis server programs that the test suite and `npm run start:cluster`
// start for themselves: PG_BIN / REDIS_SERVER when set, else Debian's places (/usr/lib/postgresql/<v>/bin, the
// PATH, /usr/bin). Shared by ensure-services.mjs (install when missing) and the instance starters.
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const MIN_PG_MAJOR = 15;
const PG_PROGRAMS = ['initdb', 'postgres'];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasPgPrograms(dir) {
  return PG_PROGRAMS.every((p) => isExecutable(join(dir, p)));
}

/** The bin directory of the newest installed PostgreSQL ≥ 15 (or PG_BIN when set and complete), else null. */
export function findPgBin(env = process.env) {
  if (env.PG_BIN) return hasPgPrograms(env.PG_BIN) ? env.PG_BIN : null;
  let versions = [];
  try {
    versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v) && Number(v) >= MIN_PG_MAJOR)
      .sort((a, b) => Number(b) - Number(a));
  } catch {
    return null;
  }
  for (const v of versions) {
    const dir = `/usr/lib/postgresql/${v}/bin`;
    if (hasPgPrograms(dir)) return dir;
  }
  return null;
}

/** The redis-server program (REDIS_SERVER when set, else the PATH, else /usr/bin), or null. */
export function findRedisServer(env = process.env) {
  if (env.REDIS_SERVER) return isExecutable(env.REDIS_SERVER) ? env.REDIS_SERVER : null;
  const dirs = [...(env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/bin'];
  for (const dir of dirs) {
    const candidate = join(dir, 'redis-server');
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}
