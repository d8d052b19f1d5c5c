// The submit path the app's forms share: check every field, show the translated messages under the fields,
// and send only when none is left — one request at a time, with the network-error toast if the call throws.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from './toast.tsx';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * `check` returns an i18n key per field in trouble (null or absent when the field is fine); `send` makes the
 * call and handles its answer. `onSubmit` goes on the form; `busy` disables the submit button meanwhile.
 */
export function useCheckedSubmit<F extends string>(
  check: () => Partial<Record<F, string | null>>,
  send: () => Promise<void>,
): { errors: FieldErrors<F>; busy: boolean; onSubmit: (e: FormEvent) => void } {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const shown: FieldErrors<F> = {};
    for (const [k, key] of Object.entries(check()) as Array<[F, string | null | undefined]>)
      if (key) shown[k] = t(key);
    setErrors(shown);
    if (Object.keys(shown).length > 0) return;
    setBusy(true);
    send()
      .catch(() => showToast(t('common:networkError'), { icon: 'error' }))
      .finally(() => setBusy(false));
  };
  return { errors, busy, onSubmit };
}
