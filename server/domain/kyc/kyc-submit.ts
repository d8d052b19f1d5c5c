// POST user/auth's work once the multipart body is read: the text rules, both photos re-encoded, then one
// transaction that stores the photos and the submission together, so a refused or failed submission leaves no
// photo behind.
import { kycFieldsProblem, normaliseName, pktDate, type KycSubmitFields } from '../../../contract/kyc.ts';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import type { AppError } from '../../errors.ts';
import { fieldError } from '../../errors.ts';
import { KycPhotoError, reencodeKycPhoto, storeKycImage } from './kyc-images.ts';
import { insertKycSubmission } from './kyc-submissions.ts';

export interface KycPhotos {
  front: Buffer;
  back: Buffer;
}

/** The refusal of a photo that could not be used, at its field. */
function photoRefusal(field: keyof KycPhotos, err: unknown): AppError {
  if (!(err instanceof KycPhotoError)) throw err;
  const key =
    err.reason === 'type'
      ? 'kyc.photoType'
      : err.reason === 'pixels'
        ? 'kyc.photoPixels'
        : 'kyc.photoUnreadable';
  return fieldError(field, key);
}

/** The text fields' first problem as a field refusal (the rules of contract/kyc.ts), or nothing. */
export function assertKycFields(f: KycSubmitFields, now: number): void {
  const problem = kycFieldsProblem(f, pktDate(now));
  if (problem) throw fieldError(problem.field, problem.key);
}

/** Stores a submission (status must be none or fail); returns its id. */
export async function submitKyc(
  db: Db,
  userId: number,
  f: KycSubmitFields,
  photos: KycPhotos,
  now: number,
): Promise<number> {
  assertKycFields(f, now);
  const front = await reencodeKycPhoto(photos.front).catch((err: unknown) => {
    throw photoRefusal('front', err);
  });
  const back = await reencodeKycPhoto(photos.back).catch((err: unknown) => {
    throw photoRefusal('back', err);
  });
  return inTx(db, async (tx) => {
    const frontKey = await storeKycImage(tx, front);
    const backKey = await storeKycImage(tx, back);
    return insertKycSubmission(tx, {
      userId,
      certType: f.certType,
      certNumber: f.certType === 'cnic' ? f.certNumber : f.certNumber.toUpperCase(),
      fullName: normaliseName(f.fullName),
      birthDate: f.birthDate,
      frontKey,
      backKey,
      now,
    });
  });
}
