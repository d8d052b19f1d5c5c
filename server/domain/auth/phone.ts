// Pakistani mobile numbers: the three accepted input forms and their one stored form (+923XXXXXXXXX).

/** Accepted input forms: 3XXXXXXXXX, 03XXXXXXXXX or +923XXXXXXXXX (used as the schema pattern too). */
export const PK_MOBILE_PATTERN = '^(?:\\+92|0)?3[0-9]{9}$';
const PK_MOBILE = new RegExp(PK_MOBILE_PATTERN);

/** Normalises an accepted form to +923XXXXXXXXX; null when `input` is not a Pakistani mobile number. */
export function normalisePkMobile(input: string): string | null {
  if (!PK_MOBILE.test(input)) return null;
  return `+92${input.slice(-10)}`;
}
