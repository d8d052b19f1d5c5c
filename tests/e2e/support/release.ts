// A private copy of dist/ for browser tests that change the app under a running server (the service worker
// tests), and a way to publish a "new release" into it: index.html changes, and so does its revision in
// sw.js's precache manifest, exactly what a real rebuild changes for a browser to find an update.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function copyDist(): string {
  if (!fs.existsSync('dist/sw.js')) throw new Error('dist/ is missing: run `npx vite build` first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-trade-release-'));
  fs.cpSync('dist', dir, { recursive: true });
  return dir;
}

const revisionOf = (data: Buffer | string) =>
  crypto.createHash('sha256').update(data).digest('hex').slice(0, 16);

/** Marks index.html with `marker` and puts its new revision into sw.js (dropping their stale .br/.gz). */
export function publishRelease(dir: string, marker: string): void {
  const indexPath = path.join(dir, 'index.html');
  const swPath = path.join(dir, 'sw.js');
  const before = fs.readFileSync(indexPath);
  const after = before.toString().replace('</body>', `<!-- ${marker} -->\n  </body>`);
  const sw = fs.readFileSync(swPath, 'utf8');
  const oldRev = `\\"url\\":\\"/index.html\\",\\"revision\\":\\"${revisionOf(before)}\\"`;
  if (!sw.includes(oldRev)) throw new Error('sw.js does not list index.html with its current revision');
  fs.writeFileSync(indexPath, after);
  fs.writeFileSync(swPath, sw.replace(oldRev, oldRev.replace(revisionOf(before), revisionOf(after))));
  for (const f of [indexPath, swPath]) for (const ext of ['.br', '.gz']) fs.rmSync(f + ext, { force: true });
}
