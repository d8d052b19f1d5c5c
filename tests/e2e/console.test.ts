// The operator console in Chromium at 360×800 against the real server, in Urdu and English: an operator made
// as the command makes one signs in with a TOTP code computed here, opens the KYC queue, sees both photos of a
// seeded pending submission, approves it, and the user's KYC status is 'succ'. axe: no serious or critical
// violation on the sign-in, the queue and the detail. Screenshots go to tests/e2e/artifacts/console/ (ignored
// by git) to look at.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { createOperator } from '../../server/domain/console/operators-repo.ts';
import { totpCode } from '../../server/domain/console/totp.ts';
import { registerUser } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { axeSeriousOrCritical } from './support/page-checks.ts';

const SHOTS = 'tests/e2e/artifacts/console';
let server: RunningServer;
let browser: Browser;
let database: Database;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  database = await openDatabase({ dataDir: server.dataDir });
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await database?.close();
  await browser?.close();
  await server?.stop();
});

async function seedSubmission(): Promise<{ id: number; userId: number }> {
  const login = await registerUser(server);
  const db = database.db;
  const dir = path.join(server.dataDir, 'private', 'kyc');
  await mkdir(dir, { recursive: true });
  const photo = (r: number, g: number, b: number) =>
    sharp({ create: { width: 320, height: 200, channels: 3, background: { r, g, b } } })
      .jpeg()
      .toBuffer();
  const keys = [`${randomBytes(16).toString('hex')}.jpg`, `${randomBytes(16).toString('hex')}.jpg`] as const;
  await writeFile(path.join(dir, keys[0]), await photo(30, 120, 200));
  await writeFile(path.join(dir, keys[1]), await photo(200, 120, 30));
  const now = Date.now();
  const row = await db
    .insertInto('kyc_submissions')
    .values({
      user_id: login.user.id,
      cert_type: 'cnic',
      cert_number: '35202-1234567-1',
      full_name: 'Ayesha Khan',
      birth_date: '1990-01-31',
      front_image: keys[0],
      back_image: keys[1],
      agreed_at: now,
      status: 'pending',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('users').set({ id_status: 'pending' }).where('id', '=', login.user.id).execute();
  return { id: row.id, userId: login.user.id };
}

const TEXT = {
  'ur-PK': {
    submit: 'سائن اِن',
    open: 'کھولیں',
    approve: 'منظور کریں',
    confirm: 'تصدیق کریں',
    done: 'محفوظ ہو گیا۔',
  },
  'en-US': { submit: 'Sign in', open: 'Open', approve: 'Approve', confirm: 'Confirm', done: 'Saved.' },
} as const;

describe.each(['ur-PK', 'en-US'] as const)('console in %s (360×800)', (lang) => {
  it('signs in with a TOTP code, shows both photos of a pending KYC submission, approves it', async () => {
    const sub = await seedSubmission();
    const username = `e2e.${lang === 'ur-PK' ? 'ur' : 'en'}`;
    const password = 'e2e-operator-password';
    const { totpSecret } = await createOperator(
      database.db,
      CLI_ACTOR,
      { username, password, roles: 'kyc' },
      Date.now(),
    );
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    await context.addInitScript((l) => localStorage.setItem('console.lang', l), lang);
    const page = await context.newPage();
    const t = TEXT[lang];
    try {
      const res = await page.goto(`${server.url}/admin/`);
      expect(res?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await page.locator('input[name="username"]').fill(username);
      await page.locator('input[name="password"]').fill(password);
      await page.locator('input[name="code"]').fill(totpCode(totpSecret, Date.now()));
      expect(await axeSeriousOrCritical(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/login-${lang}.png` });
      await page.getByRole('button', { name: t.submit, exact: true }).click();

      const open = page.getByRole('button', { name: `${t.open} #${sub.id}` });
      await open.waitFor();
      expect(await axeSeriousOrCritical(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/queue-${lang}.png`, fullPage: true });
      await open.click();

      const images = page.locator('figure img');
      await expect.poll(() => images.count()).toBe(2);
      await expect
        .poll(() =>
          images.evaluateAll((els) => els.every((e) => (e as HTMLImageElement).naturalWidth === 320)),
        )
        .toBe(true);
      expect(await axeSeriousOrCritical(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/detail-${lang}.png`, fullPage: true });

      await page.getByRole('button', { name: t.approve, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
      await page.getByRole('status').filter({ hasText: t.done }).waitFor();
      const user = await database.db
        .selectFrom('users')
        .select('id_status')
        .where('id', '=', sub.userId)
        .executeTakeFirstOrThrow();
      expect(user.id_status).toBe('succ');
      const small = await page.evaluate(
        () =>
          [...document.querySelectorAll<HTMLElement>('button, input')]
            .map((el) => el.getBoundingClientRect())
            .filter((r) => r.width > 0 && (r.width < 44 || r.height < 44)).length,
      );
      expect(small).toBe(0);
    } finally {
      await context.close();
    }
  });
});
