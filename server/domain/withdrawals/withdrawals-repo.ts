// The withdrawals table (migration 070): reads scoped by the owner, the wire shape, and the PKT-day sum the
// daily limit is checked against. Amounts are bigint minor units of the row's asset (PKR 2 places, USDT 6).
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { findByClientId as findOwnByClientId, findOwn, newestFirstPage } from '../../db/owned-rows.ts';
import type { WithdrawalsTable } from '../../db/schema.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { Withdrawal, WithdrawStatus } from '../../../contract/withdraw.ts';
import { PKT_OFFSET_MS } from '../settings/hours.ts';

export type WithdrawalRow = Selectable<WithdrawalsTable>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const SCALE = { PKR: 2, USDT: 6 } as const;
export const USDT = 'USDT';

/** Midnight of the Pakistan day `now` falls in, as Unix ms. */
export function pktDayStart(now: number): number {
  return Math.floor((now + PKT_OFFSET_MS) / DAY_MS) * DAY_MS - PKT_OFFSET_MS;
}

export function toWithdrawal(r: WithdrawalRow): Withdrawal {
  const scale = SCALE[r.asset];
  return {
    id: r.id,
    clientId: r.client_id,
    channel: r.channel,
    asset: r.asset,
    amount: formatMinor(r.amount, scale),
    fee: formatMinor(r.fee, scale),
    networkFee: formatMinor(r.network_fee, scale),
    total: formatMinor(r.amount + r.fee + r.network_fee, scale),
    provider: r.provider,
    number: r.number,
    title: r.title,
    chain: r.chain,
    address: r.address,
    status: r.status,
    reference: r.reference,
    reason: r.reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function findWithdrawal(db: Db, id: number): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The caller's withdrawal by id; another user's id reads exactly like a missing one. */
export async function findOwnWithdrawal(
  db: Db,
  userId: number,
  id: number,
): Promise<WithdrawalRow | undefined> {
  return findOwn(db, 'withdrawals', 'user_id', userId, id);
}

export async function findByClientId(
  db: Db,
  userId: number,
  clientId: string,
): Promise<WithdrawalRow | undefined> {
  return findOwnByClientId(db, 'withdrawals', 'user_id', userId, clientId);
}

export interface OwnListQuery {
  /** PKR withdrawals (bank and wallet) or crypto ones */
  kind: 'fiat' | 'crypto';
  status?: WithdrawStatus | undefined;
  page: number;
  size: number;
}

/** The caller's withdrawals of one kind, newest first, one page. */
export async function listOwnWithdrawals(
  db: Db,
  userId: number,
  q: OwnListQuery,
): Promise<{ list: WithdrawalRow[]; total: number }> {
  let base = db.selectFrom('withdrawals').where('user_id', '=', userId);
  base =
    q.kind === 'crypto'
      ? base.where('channel', '=', 'crypto')
      : base.where('channel', 'in', ['bank', 'wallet']);
  if (q.status) base = base.where('status', '=', q.status);
  const { rows, total } = await newestFirstPage(base, q);
  return { list: rows, total };
}

/** The asset requested by the user in the Pakistan day of `now`, pending and paid (rejected ones gave it back). */
export async function usedToday(db: Db, userId: number, asset: 'PKR' | 'USDT', now: number): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('amount'), eb.lit(0)).as('amount'))
    .where('user_id', '=', userId)
    .where('asset', '=', asset)
    .where('status', 'in', ['pending', 'paid'])
    .where('created_at', '>=', pktDayStart(now))
    .executeTakeFirstOrThrow();
  return BigInt(row.amount);
}
