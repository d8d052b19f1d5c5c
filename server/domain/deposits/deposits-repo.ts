// Deposit records (migration 060): insert once per (user, client id), read and list the caller's own, and turn
// a row into its wire form. Every read here is scoped by user id: another user's id reads as missing.
import type { Db } from '../../db/database.ts';
import { findByClientId, findOwn, newestFirstPage } from '../../db/owned-rows.ts';
import type { DepositsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { formatMinor } from '../../../contract/money.ts';
import type { Deposit, DepositStatus } from '../../../contract/deposits.ts';
import type { Chain } from '../../../contract/crypto-address.ts';
import { readSettings } from '../settings/settings-repo.ts';
import type { Settings } from '../settings/registry.ts';
import { receivingAccountById } from './receiving-accounts.ts';

export type DepositRow = Selectable<DepositsTable>;

/** Minor-unit places of a deposit asset in the ledger. */
export const ASSET_PLACES = { PKR: 2, USDT: 6 } as const;

export function confirmationsNeeded(settings: Settings, chain: Chain): number {
  return settings[`deposit.crypto.confirmations.${chain}`];
}

/** The wire form of a row (with its receiving account and, for crypto, the confirmations it needs). */
export async function depositWire(db: Db, row: DepositRow, settings?: Settings): Promise<Deposit> {
  const account =
    row.receiving_account_id !== null ? await receivingAccountById(db, row.receiving_account_id) : undefined;
  const s = row.chain !== null ? (settings ?? (await readSettings(db))) : undefined;
  return {
    id: row.id,
    channel: row.channel,
    asset: row.asset,
    amount: formatMinor(row.amount, ASSET_PLACES[row.asset]),
    reference: row.reference,
    status: row.status,
    ...(account ? { receivingAccount: account } : {}),
    payer: row.payer,
    ...(row.chain !== null ? { chain: row.chain } : {}),
    ...(row.address !== null ? { address: row.address } : {}),
    ...(row.tx_hash !== null ? { txHash: row.tx_hash } : {}),
    confirmations: row.confirmations,
    ...(row.chain !== null && s ? { confirmationsNeeded: confirmationsNeeded(s, row.chain) } : {}),
    bankReference: row.bank_reference,
    reason: row.reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function depositOfUser(db: Db, userId: number, id: number): Promise<DepositRow | undefined> {
  return findOwn(db, 'deposits', 'user_id', userId, id);
}

export async function depositByClientId(
  db: Db,
  userId: number,
  clientId: string,
): Promise<DepositRow | undefined> {
  return findByClientId(db, 'deposits', 'user_id', userId, clientId);
}

export interface UserDepositsQuery {
  channels?: readonly DepositsTable['channel'][];
  status?: DepositStatus | undefined;
  chain?: Chain | undefined;
  page: number;
  size: number;
}

/** The user's deposits, newest first, one page. */
export async function depositsOfUser(
  db: Db,
  userId: number,
  q: UserDepositsQuery,
): Promise<{ rows: DepositRow[]; total: number }> {
  let base = db.selectFrom('deposits').where('user_id', '=', userId);
  if (q.channels) base = base.where('channel', 'in', q.channels);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.chain) base = base.where('chain', '=', q.chain);
  return newestFirstPage(base, q);
}
