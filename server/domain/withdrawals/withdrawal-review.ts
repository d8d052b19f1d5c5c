// An operator's review of withdrawals (the console and the back-office command `withdraw list|approve|reject`
// call these): approve = paid (frozen → clearing_<channel> for the amount and fee_withdraw for the fees,
// with the bank reference or the transaction hash), reject = the frozen total back to available, with the
// reason the user sees. Each is idempotent (the same decision again answers the record unchanged), audited
// (one operator_audit row per change) and runs in one inTx with its ledger postings.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';
import { settleFrozen, unfreeze } from '../ledger/post.ts';
import type { WithdrawStatus } from '../../../contract/withdraw.ts';
import { findWithdrawal, toWithdrawal, type WithdrawalRow } from './withdrawals-repo.ts';
import { withdrawalDecided } from '../content/event-messages.ts';

export type WithdrawalReviewRefusal = 'unknownWithdrawal' | 'notPending' | 'badReference' | 'badReason';

export class WithdrawalReviewError extends Error {
  constructor(
    readonly reason: WithdrawalReviewRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'WithdrawalReviewError';
  }
}

export interface ReviewResult {
  withdrawal: WithdrawalRow;
  /** false when the same decision had already been taken (nothing changed) */
  changed: boolean;
}

/** Bank references: letters, digits and . _ : / # - (no spaces), up to 64 characters. */
const BANK_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9._:/#-]{0,63}$/;
const TX_HASH: Record<string, RegExp> = {
  TRC20: /^[0-9a-f]{64}$/,
  ERC20: /^0x[0-9a-f]{64}$/,
  BEP20: /^0x[0-9a-f]{64}$/,
};
const REASON_MAX = 200;

/** A simulated broadcast's transaction hash in the chain's format (64 hex; 0x-prefixed on ERC20 / BEP20). */
export function simulatedTxHash(chain: string): string {
  const hex = randomBytes(32).toString('hex');
  return chain === 'TRC20' ? hex : `0x${hex}`;
}

export interface ListQuery {
  status?: WithdrawStatus | undefined;
  /** only ids below this (paging newest first) */
  beforeId?: number | undefined;
  limit: number;
}

/** Every user's withdrawals, newest first (the operator's queue: status 'pending'). */
export async function listWithdrawals(db: Db, q: ListQuery): Promise<WithdrawalRow[]> {
  let query = db.selectFrom('withdrawals').selectAll();
  if (q.status !== undefined) query = query.where('status', '=', q.status);
  if (q.beforeId !== undefined) query = query.where('id', '<', q.beforeId);
  return query.orderBy('id', 'desc').limit(q.limit).execute();
}

async function pendingOrDone(
  tx: Db,
  id: number,
  done: WithdrawStatus,
): Promise<{ row: WithdrawalRow; already: boolean }> {
  const row = await findWithdrawal(tx, id);
  if (!row) throw new WithdrawalReviewError('unknownWithdrawal', `withdrawal ${id} does not exist`);
  if (row.status === done) return { row, already: true };
  if (row.status !== 'pending') {
    throw new WithdrawalReviewError('notPending', `withdrawal ${id} is already ${row.status}`);
  }
  return { row, already: false };
}

/**
 * Marks a pending withdrawal paid: settles its frozen amount to clearing_<channel> and its fees to
 * fee_withdraw. `reference` is the bank reference (bank, wallet) or the transaction hash (crypto; empty:
 * a simulated broadcast makes one). Approving a paid one again answers it unchanged.
 */
export async function approveWithdrawal(
  db: Db,
  actor: Actor,
  id: number,
  input: { reference: string },
  now: number,
): Promise<ReviewResult> {
  return inTx(db, async (tx) => {
    const { row, already } = await pendingOrDone(tx, id, 'paid');
    if (already) return { withdrawal: row, changed: false };
    let reference = input.reference.trim();
    if (row.channel === 'crypto') {
      if (reference === '') reference = simulatedTxHash(row.chain);
      if (!TX_HASH[row.chain]?.test(reference)) {
        throw new WithdrawalReviewError(
          'badReference',
          `not a ${row.chain} transaction hash: "${reference}"`,
        );
      }
    } else if (!BANK_REFERENCE.test(reference)) {
      throw new WithdrawalReviewError(
        'badReference',
        `reference must be 1-64 letters, digits or . _ : / # - (got "${reference}")`,
      );
    }
    const base = { accountId: row.account_id, asset: row.asset, now };
    await settleFrozen(tx, {
      ...base,
      kind: 'withdraw_paid',
      ref: `paid:${row.id}`,
      to: [{ system: `clearing_${row.channel}`, amount: row.amount }],
    });
    const fees = row.fee + row.network_fee;
    if (fees > 0n) {
      await settleFrozen(tx, {
        ...base,
        kind: 'withdraw_fee',
        ref: `fee:${row.id}`,
        to: [{ system: 'fee_withdraw', amount: fees }],
      });
    }
    const after = await tx
      .updateTable('withdrawals')
      .set({ status: 'paid', reference, reviewed_by: actor.operatorId, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await withdrawalDecided(tx, after, 'paid', now);
    await recordAudit(tx, {
      actor,
      action: 'withdrawal.approve',
      subjectType: 'withdrawal',
      subjectId: row.id,
      before: toWithdrawal(row),
      after: toWithdrawal(after),
      now,
    });
    return { withdrawal: after, changed: true };
  });
}

/** Rejects a pending withdrawal: its frozen total goes back to available; the user sees `reason`. */
export async function rejectWithdrawal(
  db: Db,
  actor: Actor,
  id: number,
  input: { reason: string },
  now: number,
): Promise<ReviewResult> {
  const reason = input.reason.trim();
  if (reason === '' || reason.length > REASON_MAX) {
    throw new WithdrawalReviewError('badReason', `reason must be 1-${REASON_MAX} characters`);
  }
  return inTx(db, async (tx) => {
    const { row, already } = await pendingOrDone(tx, id, 'rejected');
    if (already) return { withdrawal: row, changed: false };
    await unfreeze(tx, {
      kind: 'withdraw_return',
      ref: `return:${row.id}`,
      accountId: row.account_id,
      asset: row.asset,
      amount: row.amount + row.fee + row.network_fee,
      now,
    });
    const after = await tx
      .updateTable('withdrawals')
      .set({ status: 'rejected', reason, reviewed_by: actor.operatorId, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await withdrawalDecided(tx, after, 'rejected', now);
    await recordAudit(tx, {
      actor,
      action: 'withdrawal.reject',
      subjectType: 'withdrawal',
      subjectId: row.id,
      before: toWithdrawal(row),
      after: toWithdrawal(after),
      now,
    });
    return { withdrawal: after, changed: true };
  });
}
