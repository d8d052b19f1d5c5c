// The deposit queue (finance): bank, wallet and offline deposits newest first, each with what the operator
// matches against the bank statement (user, channel, amount, the user's reference, the receiving account, the
// payer, the time); approve = creditDeposit with the bank reference, reject = rejectDeposit with the reason the
// user reads. The domain's deposit.review.* refusals pass through, localised, on the field at fault.
import type { Selectable } from 'kysely';
import { DEPOSIT_STATUSES, type DepositStatus } from '../../../../contract/deposits.ts';
import type { QueueItem } from '../../../../contract/console.ts';
import { formatMinor } from '../../../../contract/money.ts';
import type { Db } from '../../../db/database.ts';
import type { ReceivingAccountsTable } from '../../../db/schema.ts';
import { creditDeposit, listDeposits, rejectDeposit } from '../../../domain/deposits/deposit-review.ts';
import type { DepositRow } from '../../../domain/deposits/deposits-repo.ts';
import { AppError } from '../../../errors.ts';
import type { ConsoleQueue } from '../queue.ts';
import { field, phonesOf, pktTime } from './queue-fields.ts';

const SCALE = { PKR: 2, USDT: 6 } as const;
type Receiving = Selectable<ReceivingAccountsTable>;

/** The domain's refusal, on the form field it is about. */
const FIELD_OF: Record<string, string> = {
  'deposit.review.badBankReference': 'reference',
  'deposit.review.bankReferenceUsed': 'reference',
  'deposit.review.badReason': 'reason',
};
async function onField<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    const at = e instanceof AppError && !e.field ? FIELD_OF[e.key] : undefined;
    if (e instanceof AppError && at) throw new AppError(e.key, e.params, e.code, e.httpStatus, at);
    throw e;
  }
}

function item(r: DepositRow, phone: string, acc: Receiving | undefined): QueueItem {
  const amount = `${formatMinor(r.amount, SCALE[r.asset])} ${r.asset}`;
  return {
    id: r.id,
    status: r.status,
    title: amount,
    subtitle: phone,
    createdAt: r.created_at,
    fields: [
      { label: 'money.userId', value: String(r.user_id) },
      { label: 'money.phone', value: phone },
      { label: 'money.channel', value: r.channel },
      { label: 'money.amount', value: amount },
      { label: 'deposit.reference', value: r.reference },
      ...field(
        'deposit.receivingAccount',
        acc ? `${acc.provider_name} · ${acc.number} · ${acc.title}` : null,
      ),
      ...field('deposit.payer', r.payer),
      ...field('deposit.chain', r.chain),
      ...field('deposit.address', r.address),
      ...field('deposit.txHash', r.tx_hash),
      { label: 'money.createdAt', value: pktTime(r.created_at) },
      ...field('deposit.bankReference', r.bank_reference),
      ...field('money.reason', r.reason),
    ],
    images: [],
  };
}

async function items(db: Db, rows: DepositRow[]): Promise<QueueItem[]> {
  const phones = await phonesOf(
    db,
    rows.map((r) => r.user_id),
  );
  const accIds = [...new Set(rows.flatMap((r) => (r.receiving_account_id ? [r.receiving_account_id] : [])))];
  const accs =
    accIds.length === 0
      ? []
      : await db.selectFrom('receiving_accounts').selectAll().where('id', 'in', accIds).execute();
  const byId = new Map(accs.map((a) => [a.id, a]));
  return rows.map((r) =>
    item(
      r,
      phones.get(r.user_id) ?? '',
      r.receiving_account_id ? byId.get(r.receiving_account_id) : undefined,
    ),
  );
}

const statusOf = (s: string | undefined): DepositStatus =>
  (DEPOSIT_STATUSES as readonly string[]).includes(s ?? '') ? (s as DepositStatus) : 'pending';

export const depositQueue: ConsoleQueue = {
  name: 'deposits',
  roles: ['finance'],
  approveNeedsReference: true,
  async list(db, q) {
    const rows = await listDeposits(db, {
      status: statusOf(q.status),
      ...(q.beforeId !== undefined ? { beforeId: q.beforeId } : {}),
      limit: q.limit,
    });
    return items(db, rows);
  },
  async detail(db, id) {
    const row = await db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? ((await items(db, [row]))[0] ?? null) : null;
  },
  approve: (db, actor, id, { reference }, now) =>
    onField(creditDeposit(db, actor, id, { bankReference: reference }, now)),
  reject: (db, actor, id, { reason }, now) => onField(rejectDeposit(db, actor, id, { reason }, now)),
};
