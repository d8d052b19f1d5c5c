// The operator side of deposits (console and back-office command): the queue, and crediting or rejecting a
// bank, wallet or offline request. Each action is one inTx with its ledger record (clearing_<channel> → the
// user's cash) and its audit entry; repeating it (same bank reference, same reason) changes nothing and answers
// the same record. Crypto deposits are credited by the chain watcher (sim-chain.ts), not here.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { AppError } from '../../errors.ts';
import type { DepositStatus } from '../../../contract/deposits.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';
import { PKR } from '../ledger/books.ts';
import { postRecord } from '../ledger/post.ts';
import type { DepositRow } from './deposits-repo.ts';
import { depositDecided } from '../content/event-messages.ts';

/** Bank and receipt references: letters, digits and . _ : / # - (no spaces), up to 64 characters. */
export const BANK_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9._:/#-]{0,63}$/;
export const REASON_MAX = 200;

export interface DepositQueueQuery {
  status?: DepositStatus;
  /** only ids below this (paging newest first) */
  beforeId?: number;
  limit: number;
}

/** Every user's deposits, newest first (the operators' queue). */
export async function listDeposits(db: Db, q: DepositQueueQuery): Promise<DepositRow[]> {
  let query = db.selectFrom('deposits').selectAll();
  if (q.status) query = query.where('status', '=', q.status);
  if (q.beforeId !== undefined) query = query.where('id', '<', q.beforeId);
  return query
    .orderBy('id', 'desc')
    .limit(Math.min(Math.max(q.limit, 1), 500))
    .execute();
}

export interface ReviewResult {
  deposit: DepositRow;
  /** false: it had already been done (nothing changed) */
  changed: boolean;
}

async function lockedRow(tx: Db, depositId: number): Promise<DepositRow> {
  const row = await tx.selectFrom('deposits').selectAll().where('id', '=', depositId).executeTakeFirst();
  if (!row) throw new AppError('deposit.review.notFound', { id: depositId });
  return row;
}

const snapshot = (r: DepositRow) => ({
  status: r.status,
  amount: r.amount,
  asset: r.asset,
  channel: r.channel,
  bankReference: r.bank_reference,
  reason: r.reason,
});

/** Credits a pending bank, wallet or offline deposit once the operator has matched it to a bank entry. */
export async function creditDeposit(
  db: Db,
  actor: Actor,
  depositId: number,
  input: { bankReference: string },
  now: number,
): Promise<ReviewResult> {
  const bankReference = input.bankReference.trim();
  if (!BANK_REFERENCE.test(bankReference)) throw new AppError('deposit.review.badBankReference');
  return inTx(db, async (tx) => {
    const row = await lockedRow(tx, depositId);
    if (row.channel === 'crypto') throw new AppError('deposit.review.crypto');
    if (row.status === 'credited') {
      if (row.bank_reference === bankReference) return { deposit: row, changed: false };
      throw new AppError('deposit.review.alreadyCredited', { reference: row.bank_reference });
    }
    if (row.status === 'rejected') throw new AppError('deposit.review.alreadyRejected');
    const used = await tx
      .selectFrom('deposits')
      .select('id')
      .where('status', '=', 'credited')
      .where('channel', '=', row.channel)
      .where('bank_reference', '=', bankReference)
      .executeTakeFirst();
    if (used) throw new AppError('deposit.review.bankReferenceUsed', { id: used.id });
    await postRecord(tx, {
      kind: 'deposit_credit',
      ref: `deposit:${row.id}`,
      accountId: row.account_id,
      memo: JSON.stringify({ channel: row.channel, reference: row.reference, bankReference }),
      now,
      legs: [
        { system: `clearing_${row.channel}`, asset: PKR, amount: -row.amount },
        { accountId: row.account_id, book: 'cash', asset: PKR, amount: row.amount },
      ],
    });
    const after = await tx
      .updateTable('deposits')
      .set({
        status: 'credited',
        bank_reference: bankReference,
        reviewed_by: actor.operatorId,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await depositDecided(tx, after, 'credited', now);
    await recordAudit(tx, {
      actor,
      action: 'deposit.credit',
      subjectType: 'deposit',
      subjectId: row.id,
      before: snapshot(row),
      after: snapshot(after),
      now,
    });
    return { deposit: after, changed: true };
  });
}

/** Rejects a pending bank, wallet or offline deposit with the reason the user will read; nothing is posted.
 *  A crypto deposit is refused: the chain watcher decides it (credits it, or rejects one below the minimum). */
export async function rejectDeposit(
  db: Db,
  actor: Actor,
  depositId: number,
  input: { reason: string },
  now: number,
): Promise<ReviewResult> {
  const reason = input.reason.trim();
  if (reason.length === 0 || reason.length > REASON_MAX)
    throw new AppError('deposit.review.badReason', { max: REASON_MAX });
  return inTx(db, async (tx) => {
    const row = await lockedRow(tx, depositId);
    if (row.channel === 'crypto') throw new AppError('deposit.review.crypto');
    if (row.status === 'rejected') {
      if (row.reason === reason) return { deposit: row, changed: false };
      throw new AppError('deposit.review.alreadyRejected');
    }
    if (row.status === 'credited')
      throw new AppError('deposit.review.alreadyCredited', { reference: row.bank_reference });
    const after = await tx
      .updateTable('deposits')
      .set({ status: 'rejected', reason, reviewed_by: actor.operatorId, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await depositDecided(tx, after, 'rejected', now);
    await recordAudit(tx, {
      actor,
      action: 'deposit.reject',
      subjectType: 'deposit',
      subjectId: row.id,
      before: snapshot(row),
      after: snapshot(after),
      now,
    });
    return { deposit: after, changed: true };
  });
}
