// Reads what a user would read with their own eyes or phone straight from the server's SQLite file: the
// answer of the newest captcha (the image shows it) and the newest SMS code in the development outbox (the
// phone shows it). Both are stored server-side for exactly those single-use checks.
import Database from 'better-sqlite3';
import { join } from 'node:path';

function readOne<T>(dataDir: string, sql: string, ...params: unknown[]): T | undefined {
  const db = new Database(join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

export function latestCaptchaAnswer(dataDir: string): string {
  const row = readOne<{ answer: string }>(
    dataDir,
    'SELECT answer FROM captchas ORDER BY created_at DESC, rowid DESC LIMIT 1',
  );
  if (!row) throw new Error('no captcha issued yet');
  return row.answer;
}

/** The 6-digit code of the newest text to `phone` (3XXXXXXXXX), or undefined when none carries one yet. */
export function latestSmsCode(dataDir: string, phone: string): string | undefined {
  const row = readOne<{ text: string }>(
    dataDir,
    'SELECT text FROM sms_outbox WHERE phone = ? ORDER BY id DESC LIMIT 1',
    `+92${phone.slice(-10)}`,
  );
  return /\b\d{6}\b/.exec(row?.text ?? '')?.[0];
}

/** latestSmsCode, waited for: the dev outbox is written just after code/send answers. */
export async function waitForSmsCode(dataDir: string, phone: string, timeoutMs = 5_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const code = latestSmsCode(dataDir, phone);
    if (code) return code;
    if (Date.now() > until) throw new Error(`no code texted to ${phone}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
