// Checks of the transaction password form (spec §5: exactly 6 digits, the two entries equal, a change needs
// the current one and a different new one). Values are i18n keys, null when the field is fine.
export interface TradePasswordForm {
  oldPassword: string;
  password: string;
  password2: string;
}

const SIX_DIGITS = /^\d{6}$/;

export function tradePasswordErrors(
  form: TradePasswordForm,
  mode: 'set' | 'change',
): Record<keyof TradePasswordForm, string | null> {
  return {
    oldPassword:
      mode === 'change' && !SIX_DIGITS.test(form.oldPassword) ? 'trade:password.errors.oldRequired' : null,
    password: !SIX_DIGITS.test(form.password)
      ? 'trade:password.errors.sixDigits'
      : mode === 'change' && form.password === form.oldPassword
        ? 'trade:password.errors.same'
        : null,
    password2: form.password2 !== form.password || !form.password2 ? 'trade:password.errors.mismatch' : null,
  };
}
