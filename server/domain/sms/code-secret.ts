// The server secret that keys SMS-code hashes (HMAC-SHA256). From SMS_CODE_SECRET when set (several nodes
// must share it); otherwise a random 32-byte key generated on first start and kept in DATA_DIR/sms-code.key,
// so a restart keeps the codes already texted valid. Without the key a copy of the database cannot be used
// to find a code by trying all 10^6 of them.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SMS_CODE_KEY_FILE = 'sms-code.key';

/** The HMAC key: the configured secret's bytes, else the key file's (created when missing). */
export function loadSmsCodeKey(dataDir: string, configuredSecret: string): Buffer {
  return loadServerKey(dataDir, SMS_CODE_KEY_FILE, configuredSecret);
}

/** A server key: the configured secret's bytes, else DATA_DIR/`fileName`'s 32 random bytes (made when missing). */
export function loadServerKey(dataDir: string, fileName: string, configuredSecret: string): Buffer {
  if (configuredSecret) return Buffer.from(configuredSecret, 'utf8');
  const file = path.join(dataDir, fileName);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two processes starting at once cannot both write a key; the loser reads the winner's.
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if (!(err instanceof Error && 'code' in err && err.code === 'EEXIST')) throw err;
  }
  const hex = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex))
    throw new Error(`${file} must hold 64 hex digits (delete it to make a new key)`);
  return Buffer.from(hex, 'hex');
}
