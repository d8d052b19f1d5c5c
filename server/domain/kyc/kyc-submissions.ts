// A user's KYC submissions: the state the app shows (GET user/auth) and a new submission (POST user/auth).
// A submission is allowed only from none or fail; it is one transaction: the kyc_submissions row (pending),
// users.id_status = 'pending' (what user/info and user/login/info show) and the kyc_reviews history row.
// The photos are written before it and deleted again when it fails (kyc-submit.ts).
import { maskCertNumber, type CertType, type KycState } from '../../../contract/kyc.ts';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { AppError } from '../../errors.ts';
import { kycStatusOf, type KycStatus } from './kyc-state.ts';

/** The caller's KYC state: the status and their newest submission (certificate number masked, no photos). */
export async function kycStateOf(db: Db, userId: number): Promise<KycState> {
  const status = await kycStatusOf(db, userId);
  const row = await db
    .selectFrom('kyc_submissions')
    .select(['cert_type', 'cert_number', 'full_name', 'birth_date', 'created_at', 'status', 'reason'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    status,
    submission: row
      ? {
          certType: row.cert_type,
          certNumber: maskCertNumber(row.cert_number),
          fullName: row.full_name,
          birthDate: row.birth_date,
          submittedAt: Number(row.created_at),
          reason: row.status === 'fail' ? row.reason : '',
        }
      : null,
  };
}

/** Refuses a submission unless the status lets the user submit (none, or fail to resubmit). */
export function assertMaySubmit(status: KycStatus): void {
  if (status === 'pending') throw new AppError('kyc.underReview');
  if (status === 'succ') throw new AppError('kyc.alreadyVerified');
}

export interface NewKycSubmission {
  userId: number;
  certType: CertType;
  certNumber: string;
  fullName: string;
  birthDate: string;
  frontKey: string;
  backKey: string;
  now: number;
}

/** Inserts a pending submission and moves the user to pending, in one transaction; returns its id. */
export async function insertKycSubmission(db: Db, s: NewKycSubmission): Promise<number> {
  return inTx(db, async (tx) => {
    // Checked again inside the transaction: of two submissions racing, the second sees the first's pending.
    const previous = await kycStatusOf(tx, s.userId);
    assertMaySubmit(previous);
    const row = await tx
      .insertInto('kyc_submissions')
      .values({
        user_id: s.userId,
        cert_type: s.certType,
        cert_number: s.certNumber,
        full_name: s.fullName,
        birth_date: s.birthDate,
        front_image: s.frontKey,
        back_image: s.backKey,
        agreed_at: s.now,
        status: 'pending',
        created_at: s.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.updateTable('users').set({ id_status: 'pending' }).where('id', '=', s.userId).execute();
    await tx
      .insertInto('kyc_reviews')
      .values({ user_id: s.userId, previous, status: 'pending', source: 'user', created_at: s.now })
      .execute();
    return Number(row.id);
  });
}
