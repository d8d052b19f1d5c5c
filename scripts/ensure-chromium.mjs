// Makes sure a Chromium the browser tests can drive exists; installs Debian's package when we are root with apt.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
);
const found = candidates.find((p) => existsSync(p));
if (found) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log('Chromium not found: installing Debian package "chromium" …');
  try {
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core',
      {
        stdio: 'inherit',
      },
    );
  } catch {
    console.error('apt-get could not install chromium.');
    process.exit(1);
  }
  if (existsSync('/usr/bin/chromium')) process.exit(0);
}
console.error(
  'Chromium is required for the browser tests and was not found.\n' +
    'Install it with:  sudo apt-get install -y chromium   (Debian/Ubuntu)\n' +
    'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
);
process.exit(1);
