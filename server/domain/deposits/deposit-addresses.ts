// Each user's crypto deposit address per chain, generated once: 20 bytes of HMAC-SHA256(server key, user id +
// chain), written in the chain's own format (contract/crypto-address.ts: TRON base58check, EIP-55 for ERC20
// and BEP20). The same user and chain always give the same address, and a UNIQUE index (migration 050) keeps
// one row per user and chain, so a second or parallel generate answers the same address.
import { createHmac } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { addressOf, type Chain } from '../../../contract/crypto-address.ts';

export const DEPOSIT_ADDRESS_KEY_FILE = 'deposit-address.key';

/** The address for (user, chain) under `key` (pure). */
export function deriveDepositAddress(key: Buffer, userId: number, chain: Chain): string {
  const mac = createHmac('sha256', key).update(`deposit-address\n${userId}\n${chain}`).digest();
  return addressOf(chain, new Uint8Array(mac.subarray(0, 20)));
}

export async function depositAddressOf(db: Db, userId: number, chain: Chain): Promise<string | null> {
  const row = await db
    .selectFrom('crypto_addresses')
    .select('address')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'deposit')
    .where('chain', '=', chain)
    .executeTakeFirst();
  return row?.address ?? null;
}

/** Creates the user's address for `chain` once; every later call answers the stored one. */
export async function generateDepositAddress(
  db: Db,
  key: Buffer,
  userId: number,
  chain: Chain,
  now: number,
): Promise<string> {
  const existing = await depositAddressOf(db, userId, chain);
  if (existing !== null) return existing;
  await db
    .insertInto('crypto_addresses')
    .values({
      user_id: userId,
      purpose: 'deposit',
      chain,
      address: deriveDepositAddress(key, userId, chain),
      created_at: now,
      deleted_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const stored = await depositAddressOf(db, userId, chain);
  if (stored === null) throw new Error(`deposit address for user ${userId} on ${chain} was not stored`);
  return stored;
}

/** The user whose deposit address this is, or undefined. */
export async function ownerOfDepositAddress(
  db: Db,
  chain: Chain,
  address: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('crypto_addresses')
    .select('user_id')
    .where('purpose', '=', 'deposit')
    .where('chain', '=', chain)
    .where('address', '=', address)
    .executeTakeFirst();
  return row?.user_id;
}
