// An operator's decision on a pending KYC submission (console, or the back-office command): approve → the
// submission and users.id_status become 'succ'; reject (a reason of 3–200 characters, shown to the user) →
// 'fail'. One transaction writes the submission, users.id_status, a kyc_reviews row and the audit entry; a
// submission already decided is refused ("already reviewed"), so two operators cannot both decide it.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';
import { kycDecided } from '../content/event-messages.ts';

export type KycDecision = { approve: true } | { approve: false; reason: string };

export const KYC_REASON_MIN = 3;
export const KYC_REASON_MAX = 200;

export interface KycReviewResult {
  submissionId: number;
  userId: number;
  status: 'succ' | 'fail';
  reason: string;
}

/** Decides a pending submission; AppError 'console.kycNotFound' | 'console.kycReviewed' | 'console.reasonLength'. */
export async function reviewKyc(
  db: Db,
  actor: Actor,
  submissionId: number,
  decision: KycDecision,
  now: number,
): Promise<KycReviewResult> {
  const reason = decision.approve ? '' : decision.reason.trim();
  if (!decision.approve && (reason.length < KYC_REASON_MIN || reason.length > KYC_REASON_MAX))
    throw new AppError(
      'console.reasonLength',
      { min: KYC_REASON_MIN, max: KYC_REASON_MAX },
      undefined,
      200,
      'reason',
    );
  const status = decision.approve ? 'succ' : 'fail';
  return inTx(db, async (tx) => {
    const sub = await tx
      .selectFrom('kyc_submissions')
      .select(['id', 'user_id', 'status', 'reason', 'reviewed_by', 'reviewed_at'])
      .where('id', '=', submissionId)
      .executeTakeFirst();
    if (!sub) throw new AppError('console.kycNotFound');
    if (sub.status !== 'pending') throw new AppError('console.kycReviewed');
    const user = await tx
      .selectFrom('users')
      .select('id_status')
      .where('id', '=', sub.user_id)
      .executeTakeFirstOrThrow();
    const updated = await tx
      .updateTable('kyc_submissions')
      .set({ status, reason, reviewed_by: actor.operatorId, reviewed_at: now })
      .where('id', '=', sub.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError('console.kycReviewed');
    // Only the newest submission speaks for the user (an older pending one never overrides a newer state).
    const newest = await tx
      .selectFrom('kyc_submissions')
      .select('id')
      .where('user_id', '=', sub.user_id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const userStatus = newest.id === sub.id ? status : user.id_status;
    if (userStatus !== user.id_status)
      await tx.updateTable('users').set({ id_status: userStatus }).where('id', '=', sub.user_id).execute();
    await tx
      .insertInto('kyc_reviews')
      .values({
        user_id: sub.user_id,
        previous: user.id_status,
        status: userStatus,
        reason,
        source: actor.source === 'console' ? 'console' : 'backoffice',
        created_at: now,
      })
      .execute();
    await kycDecided(
      tx,
      { submissionId: sub.id, userId: sub.user_id, approved: decision.approve, reason },
      now,
    );
    await recordAudit(tx, {
      actor,
      action: decision.approve ? 'kyc.approve' : 'kyc.reject',
      subjectType: 'kyc',
      subjectId: sub.id,
      before: { status: sub.status, reason: sub.reason, userStatus: user.id_status },
      after: { status, reason, userStatus },
      now,
    });
    return { submissionId: sub.id, userId: sub.user_id, status, reason };
  });
}
