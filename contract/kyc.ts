// Identity verification (KYC) and the profile: GET user/auth (the caller's state), POST user/auth (a
// multipart submission with two photos), POST user/update (display name), POST user/update/email.
// The rules a schema cannot say (the number per certificate type, the name's letters, the age on today's
// Pakistan date) are plain functions here, so the server and the app's form refuse the same values alike.
import { Type, type Static } from 'typebox';
import { isCnic } from './cnic.ts';
import { envelope } from './envelope.ts';
import { fields, oneOf, text } from './form-fields.ts';
import { IdStatus } from './user.ts';

export const CERT_TYPES = ['cnic', 'licence', 'passport'] as const;
export type CertType = (typeof CERT_TYPES)[number];

/** Hard limits of the photo upload (the server's multipart limits and the app's picker say the same). */
export const KYC_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The longest side a stored photo keeps (the app shrinks to it before upload, the server again). */
export const KYC_PHOTO_MAX_SIDE = 2000;
/** The photo parts of the multipart body. */
export const KYC_PHOTO_FIELDS = ['front', 'back'] as const;
export type KycPhotoField = (typeof KYC_PHOTO_FIELDS)[number];

// ---- POST user/auth: the text parts of the multipart body (the photos are the parts `front` and `back`) ----
export const KycSubmitFields = fields({
  certType: oneOf([...CERT_TYPES], 1, 10, { description: 'cnic, licence (driving licence) or passport.' }),
  certNumber: text(1, 20, {
    description: 'CNIC as XXXXX-XXXXXXX-X; a licence or passport number: 5–20 letters and digits.',
  }),
  fullName: text(1, 60, {
    description: "Full name as on the document: 2–60 letters (Urdu script too), spaces, . ' -",
  }),
  birthDate: text(1, 10, {
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
    description: 'YYYY-MM-DD; the holder is 18 to 100 years old on the day (Pakistan time).',
  }),
  agree: oneOf(['1'], 1, 1, { description: 'Agreement to the collection of identity data.' }),
});
export type KycSubmitFields = Static<typeof KycSubmitFields>;

/** A KYC field problem: the request field and its message key (locales/*\/errors.json). */
export interface KycFieldProblem {
  field: 'certNumber' | 'fullName' | 'birthDate';
  key: string;
}

const DOC_NUMBER = /^[A-Za-z0-9]{5,20}$/u;
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

/** The stored form of a name: trimmed, inner runs of spaces made one. */
export function normaliseName(name: string): string {
  return name.trim().replace(/\s+/gu, ' ');
}

/** Why the number does not fit the certificate type, or null. */
export function certNumberProblem(certType: CertType, number: string): KycFieldProblem | null {
  if (certType === 'cnic') return isCnic(number) ? null : { field: 'certNumber', key: 'kyc.cnicFormat' };
  return DOC_NUMBER.test(number) ? null : { field: 'certNumber', key: 'kyc.docNumberFormat' };
}

/** Why the full name is refused, or null. */
export function fullNameProblem(fullName: string): KycFieldProblem | null {
  const name = normaliseName(fullName);
  const length = [...name].length;
  if (length < 2 || length > 60 || !NAME.test(name)) return { field: 'fullName', key: 'kyc.fullNameFormat' };
  return null;
}

/** Today's date in Pakistan (UTC+5, no daylight saving) as YYYY-MM-DD. */
export function pktDate(nowMs: number): string {
  return new Date(nowMs + 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Whole years from `birth` to `today` (both YYYY-MM-DD), or null when `birth` is not a real date. */
export function ageOn(birth: string, today: string): number | null {
  const b = DATE.exec(birth);
  const t = DATE.exec(today);
  if (!b || !t) return null;
  const [by, bm, bd] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const check = new Date(Date.UTC(by, bm - 1, bd));
  if (check.getUTCFullYear() !== by || check.getUTCMonth() !== bm - 1 || check.getUTCDate() !== bd)
    return null;
  const [ty, tm, td] = [Number(t[1]), Number(t[2]), Number(t[3])];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export const KYC_MIN_AGE = 18;
export const KYC_MAX_AGE = 100;

/** Why the date of birth is refused on `today` (YYYY-MM-DD, Pakistan), or null. */
export function birthDateProblem(birthDate: string, today: string): KycFieldProblem | null {
  const age = ageOn(birthDate, today);
  if (age === null) return { field: 'birthDate', key: 'kyc.birthDateFormat' };
  if (age < KYC_MIN_AGE) return { field: 'birthDate', key: 'kyc.tooYoung' };
  if (age > KYC_MAX_AGE) return { field: 'birthDate', key: 'kyc.tooOld' };
  return null;
}

/** The first problem of a submission's text fields, in form order, or null. */
export function kycFieldsProblem(f: KycSubmitFields, today: string): KycFieldProblem | null {
  return (
    certNumberProblem(f.certType, f.certNumber) ??
    fullNameProblem(f.fullName) ??
    birthDateProblem(f.birthDate, today)
  );
}

/** A certificate number as shown back: every character but the last 4 masked (dashes kept). */
export function maskCertNumber(number: string): string {
  const keep = 4;
  let seen = 0;
  const chars = [...number];
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] === '-') continue;
    seen += 1;
    if (seen > keep) chars[i] = '*';
  }
  return chars.join('');
}

// ---- GET user/auth ----
export const KycSubmissionView = Type.Object({
  certType: Type.Enum([...CERT_TYPES], { type: 'string' }),
  certNumber: Type.String({ description: 'Masked: only the last 4 characters shown.' }),
  fullName: Type.String(),
  birthDate: Type.String({ description: 'YYYY-MM-DD' }),
  submittedAt: Type.Integer({ description: 'Epoch ms.' }),
  reason: Type.String({ description: 'Why it failed (status fail); empty otherwise.' }),
});
export type KycSubmissionView = Static<typeof KycSubmissionView>;

export const KycState = Type.Object({
  status: IdStatus,
  submission: Type.Union([KycSubmissionView, Type.Null()], {
    description: 'The newest submission; null when none was made (or the status was set without one).',
  }),
});
export type KycState = Static<typeof KycState>;
export const KycStateReply = envelope(KycState);

// ---- POST user/update: the display name (users.account) ----
export const ACCOUNT_NAME_MIN = 2;
export const ACCOUNT_NAME_MAX = 30;
export const UpdateAccountBody = fields({
  account: text(1, 40, {
    description: `Display name, ${ACCOUNT_NAME_MIN}–${ACCOUNT_NAME_MAX} characters after trimming (no control characters).`,
  }),
});
export type UpdateAccountBody = Static<typeof UpdateAccountBody>;

/** The stored display name (trimmed, inner spaces made one), or null when it breaks the rules. */
export function accountNameOf(input: string): string | null {
  const name = normaliseName(input);
  const length = [...name].length;
  if (length < ACCOUNT_NAME_MIN || length > ACCOUNT_NAME_MAX) return null;
  if (/[\p{Cc}\p{Cf}<>]/u.test(name)) return null;
  return name;
}

// ---- POST user/update/email ----
export const EMAIL_MAX = 254;
export const UpdateEmailBody = fields({
  email: text(1, EMAIL_MAX, { description: 'Email address (stored unverified: there is no mail service).' }),
});
export type UpdateEmailBody = Static<typeof UpdateEmailBody>;

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/u;

/** The stored form of an email (trimmed, domain lower-cased), or null when it is not an address. */
export function emailOf(input: string): string | null {
  const email = input.trim();
  if (email.length > EMAIL_MAX || !EMAIL.test(email)) return null;
  const local = email.slice(0, email.lastIndexOf('@'));
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return null;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!/\.[A-Za-z]{2,}$/u.test(domain)) return null;
  return `${local}@${domain.toLowerCase()}`;
}
