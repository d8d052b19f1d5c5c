// Launches Debian's Chromium through playwright-core with the flags these machines need, at phone size.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function chromiumPath(): string {
  const p = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (c): c is string => !!c && existsSync(c),
  );
  if (!p) throw new Error('Chromium not found: run `node scripts/ensure-chromium.mjs`');
  return p;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

export async function phoneContext(
  browser: Browser,
  locale = 'ur-PK',
  opts: { reducedMotion?: 'reduce' | 'no-preference'; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    reducedMotion: opts.reducedMotion ?? 'no-preference',
    serviceWorkers: opts.serviceWorkers ?? 'allow',
    viewport: { width: 360, height: 800 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
}
