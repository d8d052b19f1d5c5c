// Helpers of the console tests: an operator made as the command makes one, its TOTP code computed here (what
// the authenticator app shows), a login returning the cookie, a pending KYC submission with its two photos.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { createOperator } from '../../server/domain/console/operators-repo.ts';
import { totpCode } from '../../server/domain/console/totp.ts';
import { post, registerUser, type TestApp } from './helpers.ts';

export interface TestOperator {
  id: number;
  username: string;
  password: string;
  secret: string;
}

let counter = 0;
export async function makeOperator(t: Pick<TestApp, 'db'>, roles: string): Promise<TestOperator> {
  counter += 1;
  const username = `op${process.pid % 1000}x${counter}`;
  const password = 'operator-password-1';
  const r = await createOperator(t.db, CLI_ACTOR, { username, password, roles }, Date.now());
  return { id: r.operator.id, username, password, secret: r.totpSecret };
}

/** Lets the operator use the current step's code again (each test login is a new step in real life). */
export async function forgetTotpStep(t: TestApp, op: TestOperator): Promise<void> {
  await t.db.updateTable('operators').set({ last_totp_step: 0 }).where('id', '=', op.id).execute();
}

export const consoleLogin = (
  t: TestApp,
  op: TestOperator,
  over: Partial<Record<string, string>> = {},
  ip?: string,
) =>
  post(
    t.app,
    '/admin/api/login',
    {
      username: op.username,
      password: op.password,
      code: totpCode(op.secret, Date.now()),
      ...over,
    } as Record<string, string>,
    { headers: { 'x-console': '1' }, lang: 'en-US', ...(ip ? { ip } : {}) },
  );

/** Logs in (forgetting the last step first) and returns the Cookie header value. */
export async function cookieOf(t: TestApp, op: TestOperator): Promise<string> {
  await forgetTotpStep(t, op);
  const res = await consoleLogin(t, op);
  if (res.body.code !== 0) throw new Error(`console login failed: ${res.body.msg}`);
  const set = String(res.headers['set-cookie']);
  return set.split(';')[0] ?? '';
}

export const asOperator = (cookie: string) => ({ headers: { cookie, 'x-console': '1' }, lang: 'en-US' });

/** A registered user with a pending KYC submission and its two photo files. */
export async function seedPendingKyc(
  t: TestApp,
): Promise<{ userId: number; submissionId: number; front: Buffer }> {
  const u = await registerUser(t.app);
  const user = await t.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', `+92${u.phone}`)
    .executeTakeFirstOrThrow();
  const dir = path.join(t.dataDir, 'private', 'kyc');
  await mkdir(dir, { recursive: true });
  const front = randomBytes(64);
  const keys = [`${randomBytes(16).toString('hex')}.jpg`, `${randomBytes(16).toString('hex')}.png`] as const;
  await writeFile(path.join(dir, keys[0]), front);
  await writeFile(path.join(dir, keys[1]), randomBytes(64));
  const now = Date.now();
  const row = await t.db
    .insertInto('kyc_submissions')
    .values({
      user_id: user.id,
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
  await t.db.updateTable('users').set({ id_status: 'pending' }).where('id', '=', user.id).execute();
  return { userId: user.id, submissionId: row.id, front };
}
