// What a failed action (a mutation) tells the user beyond the global handler: the global handler toasts -1001
// and resets on -1000; other refusals carry a msg the caller shows (spec §7), and a lost answer says
// "network error" so the user knows to try again.
import { NetworkError, ResultError } from '../api/api-errors.ts';
import { i18next } from '../i18n/i18n.ts';
import { showToast } from './toast.tsx';

export function toastCallFailure(error: unknown): void {
  if (error instanceof ResultError) {
    if (error.msg) showToast(error.msg, { icon: 'error' });
  } else if (error instanceof NetworkError && error.kind !== 'aborted') {
    showToast(i18next.t('common:networkError'), { icon: 'error' });
  }
}
