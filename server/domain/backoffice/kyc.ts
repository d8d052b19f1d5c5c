// Back-office KYC decision: sets the status the profile reports (user/info idStatus, the drawer's label) and
// records who changed it and why in kyc_reviews and the operator audit log, in one transaction (inTx).
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import type { IdStatus } from '../../../workers/protocol/api.ts';
import { CLI_ACTOR, recordAudit } from '../audit/audit-log.ts';
import { KYC_REASON_MIN, reviewKyc } from '../kyc/kyc-review.ts';
import { BackofficeError, resolveUser } from './user-ref.ts';

export const KYC_STATUSES: readonly IdStatus[] = ['none', 'pending', 'succ', 'fail'];
const REASON_MAX = 200;

export interface KycResult {
  userId: number;
  previous: IdStatus;
  status: IdStatus;
  reason: string;
  /** false when the status and reason were already these (nothing written) */
  changed: boolean;
}

export function isKycStatus(value: string): value is IdStatus {
  return (KYC_STATUSES as readonly string[]).includes(value);
}

/** Sets the KYC status of the user `who` names (user id or phone); `reason` is kept with the decision. */
export async function setKycStatus(
  db: Db,
  who: number | string,
  status: IdStatus,
  reason = '',
  now: number = Date.now(),
  source = 'backoffice',
): Promise<KycResult> {
  if (!isKycStatus(status)) {
    throw new BackofficeError(
      'badStatus',
      `status must be one of ${KYC_STATUSES.join(', ')} (got "${status}")`,
    );
  }
  const why = reason.trim();
  if (why.length > REASON_MAX) throw new BackofficeError('badReason', `reason is longer than ${REASON_MAX}`);
  return inTx(db, async (tx): Promise<KycResult> => {
    const user = await resolveUser(tx, who);
    const last = await tx
      .selectFrom('kyc_reviews')
      .select('reason')
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const base = { userId: user.id, previous: user.idStatus, status, reason: why };
    if (user.idStatus === status && (last?.reason ?? '') === why) return { ...base, changed: false };
    // A decision on a pending submission is the console's review (kyc-review.ts), taken by the command.
    const newest = await tx
      .selectFrom('kyc_submissions')
      .select(['id', 'status'])
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (newest?.status === 'pending' && (status === 'succ' || status === 'fail')) {
      if (status === 'fail' && why.length < KYC_REASON_MIN)
        throw new BackofficeError(
          'badReason',
          `a rejection needs a reason of ${KYC_REASON_MIN}-${REASON_MAX} characters`,
        );
      const decision =
        status === 'succ' ? { approve: true as const } : { approve: false as const, reason: why };
      await reviewKyc(tx, CLI_ACTOR, newest.id, decision, now);
      return { ...base, changed: true };
    }
    await tx.updateTable('users').set({ id_status: status }).where('id', '=', user.id).execute();
    await tx
      .insertInto('kyc_reviews')
      .values({ user_id: user.id, previous: user.idStatus, status, reason: why, source, created_at: now })
      .execute();
    // The back-office command is an operator action too: audited in the same transaction.
    await recordAudit(tx, {
      actor: CLI_ACTOR,
      action: 'kyc.setStatus',
      subjectType: 'user',
      subjectId: user.id,
      before: { status: user.idStatus, reason: last?.reason ?? '' },
      after: { status, reason: why },
      now,
    });
    return { ...base, changed: true };
  });
}
