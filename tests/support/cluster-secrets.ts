// The server keys every node of one test cluster shares, as a deployment must set them (SMS_CODE_SECRET,
// DEPOSIT_ADDRESS_SECRET, the VAPID pair): nodes with their own DATA_DIR and other keys refuse to start on one
// PostgreSQL database (server/domain/cluster/shared-secrets.ts). One set per test file.
import { randomBytes } from 'node:crypto';
import webpush from 'web-push';

let made: Record<string, string> | undefined;

export function clusterSecrets(): Record<string, string> {
  if (!made) {
    const vapid = webpush.generateVAPIDKeys();
    made = {
      SMS_CODE_SECRET: randomBytes(32).toString('hex'),
      DEPOSIT_ADDRESS_SECRET: randomBytes(32).toString('hex'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    };
  }
  return made;
}
