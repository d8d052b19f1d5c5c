// The user's own crypto withdrawal addresses (crypto_addresses, purpose 'withdraw'): list, save, soft delete,
// each scoped by the caller's user id. Saving checks KYC first, then a retried client id, the address for its
// chain (format, then checksum), a live duplicate and the per-chain cap, the last two with the insert in one
// transaction.
import {
  ADDRESS_LABEL_MAX,
  BINDING_CAPS,
  type AddressAddBody,
  type WithdrawAddress,
} from '../../../contract/bank.ts';
import type { Chain } from '../../../contract/crypto-address.ts';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import { assertKycVerified } from '../kyc/kyc-state.ts';
import { readAddress } from './binding-rules.ts';

const COLUMNS = ['id', 'chain', 'address', 'label', 'created_at'] as const;

function toAddress(row: {
  id: number;
  chain: Chain;
  address: string;
  label: string;
  created_at: number;
}): WithdrawAddress {
  return {
    id: Number(row.id),
    chain: row.chain,
    address: row.address,
    label: row.label,
    createdAt: Number(row.created_at),
  };
}

export async function addWithdrawAddress(
  db: Db,
  userId: number,
  body: AddressAddBody,
  now: number,
): Promise<WithdrawAddress> {
  await assertKycVerified(db, userId);
  const checked = readAddress(body.chain, body.address);
  if (!checked.ok) throw fieldError('address', checked.key);
  const address = checked.value;
  const label = (body.label ?? '').trim().replace(/\s+/gu, ' ').slice(0, ADDRESS_LABEL_MAX);
  return inTx(db, async (tx) => {
    const retried = await tx
      .selectFrom('crypto_addresses')
      .select([...COLUMNS, 'purpose'])
      .where('user_id', '=', userId)
      .where('client_id', '=', body.clientId)
      .executeTakeFirst();
    if (retried) {
      if (retried.purpose !== 'withdraw' || retried.chain !== body.chain || retried.address !== address)
        throw fieldError('clientId', 'bank.clientIdReused');
      return toAddress(retried);
    }
    const live = await tx
      .selectFrom('crypto_addresses')
      .select('address')
      .where('user_id', '=', userId)
      .where('purpose', '=', 'withdraw')
      .where('chain', '=', body.chain)
      .where('deleted_at', 'is', null)
      .execute();
    if (live.some((r) => r.address === address)) throw fieldError('address', 'bank.duplicate.address');
    if (live.length >= BINDING_CAPS.addressPerChain)
      throw new AppError('bank.cap.address', { max: BINDING_CAPS.addressPerChain, chain: body.chain });
    const row = await tx
      .insertInto('crypto_addresses')
      .values({
        user_id: userId,
        purpose: 'withdraw',
        chain: body.chain,
        address,
        label,
        created_at: now,
        client_id: body.clientId,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toAddress(row);
  });
}

/** The user's live withdrawal addresses (of `chain`, or all), newest first. */
export async function listWithdrawAddresses(
  db: Db,
  userId: number,
  chain?: Chain,
): Promise<WithdrawAddress[]> {
  let q = db
    .selectFrom('crypto_addresses')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('purpose', '=', 'withdraw')
    .where('deleted_at', 'is', null);
  if (chain) q = q.where('chain', '=', chain);
  return (await q.orderBy('id', 'desc').execute()).map(toAddress);
}

/** Soft-deletes the user's live withdrawal address `id`; another user's or a missing one is refused alike. */
export async function deleteWithdrawAddress(db: Db, userId: number, id: number, now: number): Promise<void> {
  const res = await db
    .updateTable('crypto_addresses')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('purpose', '=', 'withdraw')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw fieldError('id', 'bank.addressNotFound');
}
