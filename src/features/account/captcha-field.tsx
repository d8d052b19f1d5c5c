// The captcha of sign-up (GET common/captcha): the characters go in the form's `captcha`, the picture's id is
// handed to the form (`onCaptchaId`, its hidden `captchaId`). Tap the picture for a new one; a new one is
// also fetched when `refreshKey` changes (after a failed sign-up: a captcha is single use).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { CaptchaResult } from '../../../workers/protocol/api.ts';
import type { BoundFieldProps } from '../../shared/forms/fields/bound-field.ts';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { Spinner } from '../../shared/ui/loader.tsx';
import { fetchCaptcha } from './account-api.ts';
import s from './captcha-field.module.css';

interface CaptchaFieldProps<T extends FieldValues> extends Omit<BoundFieldProps<T>, 'label' | 'placeholder'> {
  onCaptchaId: (id: string) => void;
  /** change to fetch a new picture */
  refreshKey: number;
  /** empties the typed characters (a new picture needs new ones) */
  onClear: () => void;
}

const noSpaces = (typed: string) => typed.replace(/\s/g, '');

export function CaptchaField<T extends FieldValues>({
  onCaptchaId,
  refreshKey,
  onClear,
  ...field
}: CaptchaFieldProps<T>) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  const load = useCallback(async () => {
    setState('loading');
    try {
      const data = await fetchCaptcha();
      setCaptcha(data);
      onCaptchaId(data.captchaId);
      setState('ready');
    } catch {
      setState('error');
    }
  }, [onCaptchaId]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount/refresh is the point
    void load();
  }, [load, refreshKey]);

  return (
    <TextField
      {...field}
      label={t('account:fields.captcha')}
      placeholder={t('account:fields.captchaPlaceholder')}
      clean={noSpaces}
      autoComplete="off"
      autoCapitalize="off"
      maxLength={8}
      ltr
      suffix={
        <button
          type="button"
          className={s.image}
          aria-label={t('account:register.captchaRefresh')}
          data-testid="captcha-image"
          onClick={() => {
            onClear();
            void load();
          }}
        >
          {state === 'ready' && captcha ? (
            <img src={captcha.image} alt={t('account:register.captchaAlt')} />
          ) : state === 'loading' ? (
            <Spinner />
          ) : (
            <span className={s.retry}>{t('account:register.captchaRetry')}</span>
          )}
        </button>
      }
    />
  );
}
