// Back-office KYC decision: sets the status the profile reports (user/info idStatus, the drawer's label) and
// records who changed it and why in kyc_reviews, in one BEGIN IMMEDIATE transaction.
import type { RawDb as Db } from '../../db/database.ts';
import type { IdStatus } from '../../../workers/protocol/api.ts';
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
export function setKycStatus(
  db: Db,
  who: number | string,
  status: IdStatus,
  reason = '',
  now: number = Date.now(),
  source = 'backoffice',
): KycResult {
  if (!isKycStatus(status)) {
    throw new BackofficeError(
      'badStatus',
      `status must be one of ${KYC_STATUSES.join(', ')} (got "${status}")`,
    );
  }
  const why = reason.trim();
  if (why.length > REASON_MAX) throw new BackofficeError('badReason', `reason is longer than ${REASON_MAX}`);
  return db
    .transaction((): KycResult => {
      const user = resolveUser(db, who);
      const lastReason = db
        .prepare('SELECT reason FROM kyc_reviews WHERE user_id = ? ORDER BY id DESC LIMIT 1')
        .pluck()
        .get(user.id) as string | undefined;
      const base = { userId: user.id, previous: user.idStatus, status, reason: why };
      if (user.idStatus === status && (lastReason ?? '') === why) return { ...base, changed: false };
      db.prepare('UPDATE users SET id_status = ? WHERE id = ?').run(status, user.id);
      db.prepare(
        'INSERT INTO kyc_reviews (user_id, previous, status, reason, source, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(user.id, user.idStatus, status, why, source, now);
      return { ...base, changed: true };
    })
    .immediate();
}
