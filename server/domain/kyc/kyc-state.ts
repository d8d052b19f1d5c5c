// A user's KYC state as every area reads it: users.id_status is the one value the app shows (none, pending,
// succ, fail); the newest kyc_submissions row holds the details (the verified full name a bank account's
// title must match). Deposits, withdrawals, real-account trading and (later) IPO and loans call
// assertKycVerified first.
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';

export type KycStatus = 'none' | 'pending' | 'succ' | 'fail';

export async function kycStatusOf(db: Db, userId: number): Promise<KycStatus> {
  const row = await db.selectFrom('users').select('id_status').where('id', '=', userId).executeTakeFirst();
  return row?.id_status ?? 'none';
}

/** The full name of the user's verified KYC submission, or null when KYC is not verified. */
export async function verifiedKycName(db: Db, userId: number): Promise<string | null> {
  if ((await kycStatusOf(db, userId)) !== 'succ') return null;
  const row = await db
    .selectFrom('kyc_submissions')
    .select('full_name')
    .where('user_id', '=', userId)
    .where('status', '=', 'succ')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.full_name ?? null;
}

/** Refuses with "Please complete KYC first" unless the user's KYC is verified. */
export async function assertKycVerified(db: Db, userId: number): Promise<void> {
  if ((await kycStatusOf(db, userId)) !== 'succ') throw new AppError('kyc.required');
}
