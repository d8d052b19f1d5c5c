// `npx tsx tests/e2e/first-route-bytes.ts` (after `npx vite build`): opens the first route (/, Urdu) in
// Chromium against the real server, lists the app files it loads (JS, CSS, fonts, the worker) and prints
// their bytes as stored (what the server sent before precompression), as .gz and as .br, from dist/, and
// the bytes Chromium was actually sent (encodedBodySize), for the README.
import fs from 'node:fs';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { startServer } from './support/server.ts';

const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await phoneContext(browser, 'ur-PK');
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.locator('.app-shell').waitFor();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .map((e) => ({ path: new URL(e.name).pathname, sent: e.encodedBodySize }))
      .filter((e) => e.path.startsWith('/assets/')),
  );
  const kindOf = (p: string) => (p.endsWith('.css') ? 'css' : p.endsWith('.woff2') ? 'font' : 'js');
  const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : null);
  const totals: Record<string, { files: number; raw: number; gz: number; br: number; sent: number }> = {};
  for (const e of entries) {
    const file = `dist${e.path}`;
    const raw = size(file) ?? 0;
    const t = (totals[kindOf(e.path)] ??= { files: 0, raw: 0, gz: 0, br: 0, sent: 0 });
    t.files += 1;
    t.raw += raw;
    t.gz += size(`${file}.gz`) ?? raw;
    t.br += size(`${file}.br`) ?? raw;
    t.sent += e.sent;
  }
  const all = Object.values(totals).reduce(
    (a, t) => ({
      files: a.files + t.files,
      raw: a.raw + t.raw,
      gz: a.gz + t.gz,
      br: a.br + t.br,
      sent: a.sent + t.sent,
    }),
    { files: 0, raw: 0, gz: 0, br: 0, sent: 0 },
  );
  console.table({ ...totals, all });
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
