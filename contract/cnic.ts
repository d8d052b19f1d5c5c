// The CNIC, Pakistan's computerised national identity card number (reference/pakistan.md §4): 13 digits
// written XXXXX-XXXXXXX-X. There is no public check digit, so only the format is checked.

/** The written form, dashes included. */
export const CNIC_PATTERN = '^[0-9]{5}-[0-9]{7}-[0-9]$';
const CNIC = new RegExp(CNIC_PATTERN, 'u');

export const CNIC_DIGITS = 13;

/** True for XXXXX-XXXXXXX-X. */
export function isCnic(value: string): boolean {
  return CNIC.test(value);
}

/**
 * What a CNIC field shows for what was typed: the first 13 digits, dashes added after the 5th and the 12th
 * (as soon as a digit follows them), anything that is not a digit dropped. Idempotent.
 */
export function formatCnicInput(typed: string): string {
  const d = typed.replace(/[^0-9]/gu, '').slice(0, CNIC_DIGITS);
  if (d.length <= 5) return d;
  if (d.length <= 12) return `${d.slice(0, 5)}-${d.slice(5)}`;
  return `${d.slice(0, 5)}-${d.slice(5, 12)}-${d.slice(12)}`;
}
