// A guest's way into the chat (reached from the login screen: a locked-out user must be able to ask for
// help): a Pakistani mobile number and the captcha, POST service/guest, which answers the guest's chat token.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizePkMobile } from '../../../contract/pk-mobile.ts';
import { GuestChatBody } from '../../../contract/service.ts';
import type { CaptchaResult } from '../../../workers/protocol/api.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { PhoneField } from '../../shared/forms/fields/phone-field.tsx';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { FormView } from '../../shared/forms/form-parts.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import s from './guest-start-form.module.css';

export function GuestStartForm({ onStarted }: { onStarted: (token: string) => void }) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null);
  const loadCaptcha = useCallback(() => {
    getData<CaptchaResult>('common/captcha')
      .then(setCaptcha)
      .catch(() => setCaptcha(null));
  }, []);
  useEffect(loadCaptcha, [loadCaptcha]);
  const { form, state } = useContractForm({
    schema: GuestChatBody,
    defaultValues: { phone: '', captcha: '', captchaId: '' },
    errorAt: { captchaId: 'captcha' },
    submit: async (values) => {
      const phone = normalizePkMobile(values.phone) ?? values.phone;
      const r = await postData<{ token: string }>('service/guest', {
        areaCode: '+92',
        phone,
        captcha: values.captcha,
        captchaId: captcha?.captchaId ?? '',
      });
      onStarted(r.token);
    },
    onFailure: () => {
      form.setValue('captcha', '');
      loadCaptcha();
    },
  });
  useEffect(() => {
    if (captcha) form.setValue('captchaId', captcha.captchaId);
  }, [captcha, form]);

  return (
    <div className={s.wrap}>
      <h2 className={s.heading}>{t('service:guestHeading')}</h2>
      <p className={s.subtitle}>{t('service:guestSubtitle')}</p>
      <FormView
        {...state}
        submitLabel={t('service:start')}
        testId="guest-chat-form"
        submitTestId="guest-chat-start"
      >
        <PhoneField
          control={form.control}
          name="phone"
          areaCode="+92"
          label={t('service:phone')}
          placeholder={t('service:phonePlaceholder')}
        />
        <TextField
          control={form.control}
          name="captcha"
          label={t('service:captcha')}
          autoComplete="off"
          maxLength={8}
          ltr
          suffix={
            <button
              type="button"
              className={s.captcha}
              aria-label={t('service:captchaRefresh')}
              onClick={loadCaptcha}
            >
              {captcha && <img src={captcha.image} alt={t('service:captchaAlt')} />}
            </button>
          }
        />
      </FormView>
    </div>
  );
}
