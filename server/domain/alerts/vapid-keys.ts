// The server's VAPID key pair (RFC 8292): from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (several nodes
// must share one pair: a browser's subscription is bound to the public key it was made with); otherwise
// generated on first start and kept in DATA_DIR/vapid.json (mode 0600), so a restart keeps every device's
// subscription valid. Deleting the file makes a new pair: every device must subscribe again.
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export const VAPID_KEY_FILE = 'vapid.json';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function checked(k: Partial<VapidKeys>, where: string): VapidKeys {
  const { publicKey, privateKey } = k;
  if (
    typeof publicKey !== 'string' ||
    typeof privateKey !== 'string' ||
    !B64URL.test(publicKey) ||
    !B64URL.test(privateKey) ||
    Buffer.from(publicKey, 'base64url').length !== 65 ||
    Buffer.from(privateKey, 'base64url').length !== 32
  )
    throw new Error(`${where} must hold a VAPID key pair (65-byte public, 32-byte private key, base64url)`);
  return { publicKey, privateKey };
}

export function loadVapidKeys(dataDir: string, configured: Partial<VapidKeys>): VapidKeys {
  if (configured.publicKey || configured.privateKey)
    return checked(configured, 'VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY');
  const file = path.join(dataDir, VAPID_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two processes starting at once cannot both write a pair; the loser reads the winner's.
    fs.writeFileSync(file, `${JSON.stringify(webpush.generateVAPIDKeys())}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if (!(err instanceof Error && 'code' in err && err.code === 'EEXIST')) throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    parsed = {};
  }
  return checked((parsed ?? {}) as Partial<VapidKeys>, file);
}
