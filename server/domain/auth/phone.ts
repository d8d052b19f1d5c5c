// Pakistani mobile numbers: the three accepted input forms and their one stored form (+923XXXXXXXXX).

// The accepted forms are the contract's phone field pattern (one definition, also what the schemas check).
import { PK_MOBILE_PATTERN } from '../../../contract/form-fields.ts';

const PK_MOBILE = new RegExp(PK_MOBILE_PATTERN);

/** Normalises an accepted form to +923XXXXXXXXX; null when `input` is not a Pakistani mobile number. */
export function normalisePkMobile(input: string): string | null {
  if (!PK_MOBILE.test(input)) return null;
  return `+92${input.slice(-10)}`;
}
