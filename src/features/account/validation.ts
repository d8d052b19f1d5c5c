// Client-side checks of the account forms (spec §5); each returns an i18n key or null. The server checks
// again — these exist so the user sees the problem before a round trip.

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/** Pakistani mobile numbers: 3XXXXXXXXX, 03XXXXXXXXX, 923XXXXXXXXX or +923XXXXXXXXX (spaces/dashes allowed). */
export function normalizePkMobile(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  const m = /^(?:\+?92|0)?(3\d{9})$/.exec(digits);
  return m?.[1] ?? null;
}

export function phoneError(phone: string): string | null {
  if (!phone.trim()) return 'account:errors.phoneRequired';
  return normalizePkMobile(phone) ? null : 'account:errors.phoneFormat';
}

export function passwordError(pw: string): string | null {
  if (!pw) return 'account:errors.passwordRequired';
  if (pw.length < PASSWORD_MIN || pw.length > PASSWORD_MAX) return 'account:errors.passwordLength';
  return null;
}

export function confirmError(pw: string, confirm: string): string | null {
  if (!confirm) return 'account:errors.confirmRequired';
  return pw === confirm ? null : 'account:errors.passwordMismatch';
}

export function captchaError(code: string): string | null {
  return code.trim() ? null : 'account:errors.captchaRequired';
}

export function inviteCodeError(code: string): string | null {
  if (!code) return null;
  return /^[A-Za-z0-9]{1,32}$/.test(code) ? null : 'account:errors.inviteFormat';
}

/** The 6-digit code texted by common/code/send. */
export function smsCodeError(code: string): string | null {
  if (!code.trim()) return 'account:errors.smsCodeRequired';
  return /^\d{6}$/.test(code.trim()) ? null : 'account:errors.smsCodeFormat';
}
