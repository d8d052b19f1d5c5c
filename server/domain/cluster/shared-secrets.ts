// The server keys every node of a cluster must share: the SMS-code HMAC key (a code texted through one node is
// checked by another), the deposit-address key (each address is derived once and stored; one key must
// reproduce them all) and the VAPID pair (a device subscribes with one public key).
// Each is configured (SMS_CODE_SECRET, DEPOSIT_ADDRESS_SECRET, VAPID_*) or generated into the node's DATA_DIR,
// and nodes do not share a disk: two nodes that both generated would each work on their own and silently
// disagree. So on PostgreSQL (DATABASE_URL: the only engine several nodes share) the first node to start writes
// a fingerprint of each key to server_secret_prints (migration 280), and a node whose key gives another
// fingerprint refuses to start with a message naming the variable to set. The keys never enter the database
// (a copy of it must not let anyone find SMS codes or forge pushes); the fingerprint is an HMAC of a fixed label
// under the key, which says nothing of it.
import { createHmac } from 'node:crypto';
import { dialectOf, type Db } from '../../db/database.ts';

export type SharedSecretName = 'sms-code' | 'deposit-address' | 'vapid';

/** The fingerprint of a key: HMAC-SHA256 of a fixed label under it, hex. */
export function secretPrint(name: SharedSecretName, key: Buffer | string): string {
  return createHmac('sha256', key).update(`pk-trade shared secret print v1: ${name}`).digest('hex');
}

export class SecretMismatch extends Error {
  override name = 'SecretMismatch';
}

/**
 * On PostgreSQL, records the key's fingerprint if no node did yet, and throws SecretMismatch when another node
 * recorded a different one; on SQLite (one node, one DATA_DIR) does nothing. `variables` names what the operator
 * must set alike on every node.
 */
export async function agreeOnSecret(
  db: Db,
  name: SharedSecretName,
  key: Buffer | string,
  variables: string,
  now: number = Date.now(),
): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const print = secretPrint(name, key);
  await db
    .insertInto('server_secret_prints')
    .values({ name, print, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secret_prints')
    .select('print')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  if (row.print !== print)
    throw new SecretMismatch(
      `The ${name} key of this node differs from the one the other nodes of this database use. Set ${variables} ` +
        `to the same value on every node. (To replace the key on every node: stop them all, run ` +
        `DELETE FROM server_secret_prints WHERE name = '${name}', and start them with the new value.)`,
    );
}
