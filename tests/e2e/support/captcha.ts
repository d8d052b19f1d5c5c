// Reads the answer of the newest captcha straight from the server's SQLite file: the browser test plays a
// user who can read the image, and the answer is stored server-side for exactly that single-use check.
import Database from 'better-sqlite3';
import { join } from 'node:path';

export function latestCaptchaAnswer(dataDir: string): string {
  const db = new Database(join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT answer FROM captchas ORDER BY created_at DESC, rowid DESC LIMIT 1')
      .get() as { answer: string } | undefined;
    if (!row) throw new Error('no captcha issued yet');
    return row.answer;
  } finally {
    db.close();
  }
}
