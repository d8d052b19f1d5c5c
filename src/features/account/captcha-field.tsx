// Captcha input with the server's image (GET common/captcha); tap the image for a new one.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_OK, type CaptchaResult } from '../../../workers/protocol/api.ts';
import { Spinner } from '../../shared/ui/loader.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { fetchCaptcha } from './account-api.ts';

interface CaptchaFieldProps {
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
  onCaptchaId: (id: string) => void;
  /** Bump to fetch a new image (after a failed submit: captchas are single use). */
  refreshKey: number;
}

export function CaptchaField({ value, onValue, error, onCaptchaId, refreshKey }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  const load = useCallback(async () => {
    setState('loading');
    try {
      const res = await fetchCaptcha();
      if (res?.code !== CODE_OK) throw new Error('captcha');
      setCaptcha(res.data);
      onCaptchaId(res.data.captchaId);
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
      label={t('account:fields.captcha')}
      value={value}
      onValue={onValue}
      error={error}
      autoComplete="off"
      inputMode="text"
      maxLength={8}
      ltr
      placeholder={t('account:fields.captchaPlaceholder')}
      name="captcha"
      suffix={
        <button
          type="button"
          className="captcha-img"
          aria-label={t('account:register.captchaRefresh')}
          onClick={() => {
            onValue('');
            void load();
          }}
        >
          {state === 'ready' && captcha ? (
            <img src={captcha.image} alt={t('account:register.captchaAlt')} />
          ) : state === 'loading' ? (
            <Spinner />
          ) : (
            <span className="small down">{t('account:register.captchaRetry')}</span>
          )}
        </button>
      }
    />
  );
}
