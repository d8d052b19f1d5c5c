// KYC (idStatus) → the label of spec §3: none Unverified, pending Under Review, succ Verified,
// fail Validation Failed (with a resubmit option).
import type { IdStatus } from '../../../workers/protocol/api.ts';

export const KYC_LABEL_KEYS = {
  none: 'account:kyc.none',
  pending: 'account:kyc.pending',
  succ: 'account:kyc.succ',
  fail: 'account:kyc.fail',
} as const satisfies Record<IdStatus, string>;

export type KycLabelKey = (typeof KYC_LABEL_KEYS)[IdStatus];

/** Unknown values read as "none": the user must not be shown as verified by accident. */
export function kycStatus(idStatus: unknown): IdStatus {
  return idStatus === 'pending' || idStatus === 'succ' || idStatus === 'fail' ? idStatus : 'none';
}

export function kycLabelKey(idStatus: unknown): KycLabelKey {
  return KYC_LABEL_KEYS[kycStatus(idStatus)];
}

/** Only a failed check offers "resubmit" (spec §3). */
export function kycCanResubmit(idStatus: unknown): boolean {
  return kycStatus(idStatus) === 'fail';
}

/** The drawer's link to /pages/user/kyc for a user not yet verified: verify, view the review, or resubmit. */
export function kycActionKey(
  idStatus: unknown,
): 'account:kyc.verify' | 'account:kyc.view' | 'account:kyc.resubmit' | null {
  const status = kycStatus(idStatus);
  if (status === 'none') return 'account:kyc.verify';
  if (status === 'pending') return 'account:kyc.view';
  if (status === 'fail') return 'account:kyc.resubmit';
  return null;
}
