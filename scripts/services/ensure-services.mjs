// Makes sure the PostgreSQL (15 or newer) and Redis servers that the tests and `npm run start:cluster` start
// for themselves are installed; installs Debian's packages when we are root with apt, else says how. Only the
// programs are needed: our instances run on their own ports and directories, never the system services that
// the Debian packages may start (5432, 6379).
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_PG_MAJOR, findPgBin, findRedisServer } from './binaries.mjs';

function missing() {
  const out = [];
  const pgBin = findPgBin();
  if (!pgBin) out.push('postgresql');
  else if (process.env.PG_BIN) {
    // An override is trusted to be complete, but not to be new enough.
    const version = execFileSync(join(pgBin, 'postgres'), ['--version'], { encoding: 'utf8' });
    const major = Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? 0);
    if (major < MIN_PG_MAJOR) {
      console.error(`PG_BIN=${pgBin} holds PostgreSQL ${major}; ${MIN_PG_MAJOR} or newer is required.`);
      process.exit(1);
    }
  }
  if (!findRedisServer()) out.push('redis-server');
  return out;
}

let packages = missing();
if (packages.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log(`Not found: ${packages.join(', ')}; installing the Debian packages …`);
  try {
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`,
      {
        stdio: 'inherit',
      },
    );
  } catch {
    console.error(`apt-get could not install ${packages.join(' ')}.`);
    process.exit(1);
  }
  packages = missing();
  if (packages.length === 0) process.exit(0);
}
console.error(
  `The tests start their own PostgreSQL ${MIN_PG_MAJOR}+ and Redis servers, and these were not found: ` +
    `${packages.join(', ')}.\n` +
    'Install them with:  sudo apt-get install -y postgresql redis-server   (Debian/Ubuntu)\n' +
    `or set PG_BIN to a directory holding PostgreSQL ${MIN_PG_MAJOR}+'s initdb and postgres ` +
    '(e.g. /usr/lib/postgresql/16/bin)\nand REDIS_SERVER to a redis-server program.',
);
process.exit(1);
