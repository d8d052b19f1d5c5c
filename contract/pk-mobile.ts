// Pakistani mobile numbers (reference/pakistan.md §4): 03XX-XXXXXXX at home, +92 3XX XXXXXXX abroad. One
// reading of what a person types or pastes, for the app's phone field and the server alike. The forms the wire
// accepts are the schema's pattern (form-fields.ts PK_MOBILE_PATTERN).
/**
 * The national number 3XXXXXXXXX of a typed or pasted mobile number: 3XXXXXXXXX, 03XXXXXXXXX, 923XXXXXXXXX or
 * +923XXXXXXXXX, with any spaces, dashes, dots or brackets between the digits; null for anything else.
 */
export function normalizePkMobile(input: string): string | null {
  const compact = input.replace(/[\s\-.()]/gu, '');
  const m = /^(?:\+92|0092|92|0)?(3[0-9]{9})$/u.exec(compact);
  return m?.[1] ?? null;
}
