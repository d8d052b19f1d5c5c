// The withdrawal queue (finance): withdrawals newest first with the user, the destination as it was copied
// when the request was made, the amount, the fee and the network fee, the time; approve = paid with the bank
// reference or the transaction hash (crypto: empty → a simulated broadcast makes one), reject = the frozen total
// back to available with the reason the user reads. WithdrawalReviewError becomes a localised console.* refusal.
import type { QueueItem } from '../../../../contract/console.ts';
import { formatMinor } from '../../../../contract/money.ts';
import { WITHDRAW_STATUSES, type WithdrawStatus } from '../../../../contract/withdraw.ts';
import type { Db } from '../../../db/database.ts';
import {
  approveWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
  WithdrawalReviewError,
  type WithdrawalReviewRefusal,
} from '../../../domain/withdrawals/withdrawal-review.ts';
import { SCALE, type WithdrawalRow } from '../../../domain/withdrawals/withdrawals-repo.ts';
import { AppError, fieldError } from '../../../errors.ts';
import type { ConsoleQueue } from '../queue.ts';
import { field, phonesOf, pktTime } from './queue-fields.ts';

const REFUSAL: Record<WithdrawalReviewRefusal, () => AppError> = {
  unknownWithdrawal: () => new AppError('console.withdrawalNotFound'),
  notPending: () => new AppError('console.withdrawalDecided'),
  badReference: () => fieldError('reference', 'console.withdrawalBadReference'),
  badReason: () => fieldError('reason', 'console.reasonLength', { min: 3, max: 200 }),
};
async function localised<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof WithdrawalReviewError) throw REFUSAL[e.reason]();
    throw e;
  }
}

function destination(r: WithdrawalRow): string {
  return r.channel === 'crypto'
    ? `USDT ${r.chain} · ${r.address}`
    : `${r.provider} · ${r.number} · ${r.title}`;
}

function item(r: WithdrawalRow, phone: string): QueueItem {
  const money = (v: bigint) => `${formatMinor(v, SCALE[r.asset])} ${r.asset}`;
  return {
    id: r.id,
    status: r.status,
    title: money(r.amount),
    subtitle: phone,
    createdAt: r.created_at,
    fields: [
      { label: 'money.userId', value: String(r.user_id) },
      { label: 'money.phone', value: phone },
      { label: 'money.channel', value: r.channel },
      { label: 'withdrawal.destination', value: destination(r) },
      { label: 'money.amount', value: money(r.amount) },
      { label: 'withdrawal.fee', value: money(r.fee) },
      ...(r.channel === 'crypto' ? [{ label: 'withdrawal.networkFee', value: money(r.network_fee) }] : []),
      { label: 'withdrawal.total', value: money(r.amount + r.fee + r.network_fee) },
      { label: 'money.createdAt', value: pktTime(r.created_at) },
      ...field('withdrawal.reference', r.reference),
      ...field('money.reason', r.reason),
    ],
    images: [],
  };
}

async function items(db: Db, rows: WithdrawalRow[]): Promise<QueueItem[]> {
  const phones = await phonesOf(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => item(r, phones.get(r.user_id) ?? ''));
}

const statusOf = (s: string | undefined): WithdrawStatus =>
  (WITHDRAW_STATUSES as readonly string[]).includes(s ?? '') ? (s as WithdrawStatus) : 'pending';

export const withdrawalQueue: ConsoleQueue = {
  name: 'withdrawals',
  roles: ['finance'],
  // crypto may leave it empty (a simulated broadcast makes the hash); bank and wallet ones are checked by
  // approveWithdrawal and refused on the reference field
  approveNeedsReference: false,
  async list(db, q) {
    return items(
      db,
      await listWithdrawals(db, { status: statusOf(q.status), beforeId: q.beforeId, limit: q.limit }),
    );
  },
  async detail(db, id) {
    const row = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? ((await items(db, [row]))[0] ?? null) : null;
  },
  approve: (db, actor, id, { reference }, now) =>
    localised(approveWithdrawal(db, actor, id, { reference }, now)),
  reject: (db, actor, id, { reason }, now) => localised(rejectWithdrawal(db, actor, id, { reason }, now)),
};
