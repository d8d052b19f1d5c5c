// Registration (/pages/account/reg): +92 phone, the SMS code texted to it, password twice, optional invitation
// code (from ?code= or the stored inviteCode), captcha, agreement to the disclaimer and privacy texts.
// Success signs the user in.
import { useCallback, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { normalizePkMobile } from '../../../contract/pk-mobile.ts';
import { RegisterBody } from '../../../contract/user.ts';
import { CheckField } from '../../shared/forms/fields/check-field.tsx';
import { TextField } from '../../shared/forms/fields/text-field.tsx';
import { sameAs } from '../../shared/forms/rules.ts';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { storage } from '../../shared/storage/storage.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { postRegister } from './account-api.ts';
import { AuthScreen, authLinksClass } from './auth-screen.tsx';
import { CaptchaField } from './captcha-field.tsx';
import { PhoneProofFields } from './phone-proof-fields.tsx';
import { keepLogin } from './session.ts';

const lettersAndDigits = (typed: string) => typed.replace(/\s/g, '');

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const areaCode = storage.get('areaCode') || '+92';
  const [captchaKey, setCaptchaKey] = useState(0);
  const { form, state } = useContractForm({
    schema: RegisterBody,
    defaultValues: {
      phone: '',
      code: '',
      password: '',
      password2: '',
      inviteCode: params.get('code') ?? storage.get('inviteCode'),
      captchaId: '',
      captcha: '',
      agree: '0',
    },
    rules: [sameAs('password', 'password2')],
    // The picture's id is not a field the user sees: its problem (no picture loaded) shows at the captcha.
    errorAt: { captchaId: 'captcha' },
    submit: async ({ inviteCode, ...values }) => {
      const result = await postRegister({
        ...values,
        areaCode,
        phone: normalizePkMobile(values.phone) ?? values.phone,
        ...(inviteCode && { inviteCode }),
      });
      keepLogin(result);
      showToast(t('account:register.success'), { icon: 'success' });
      void navigate(routeTo('tabbar.home'), { replace: true });
    },
    // A captcha is single use: whatever went wrong, the next try needs a new picture.
    onFailure: () => {
      form.setValue('captcha', '');
      setCaptchaKey((k) => k + 1);
    },
  });
  const onCaptchaId = useCallback((id: string) => form.setValue('captchaId', id), [form]);

  return (
    <AuthScreen
      title={t('nav:title.account.reg')}
      hero={{ heading: t('account:register.heading'), subtitle: t('account:register.subtitle') }}
      form={state}
      submitLabel={t('account:register.submit')}
      switchTo={{
        prompt: t('account:register.haveAccount'),
        label: t('account:register.toLogin'),
        to: routeTo('account.login'),
      }}
    >
      <PhoneProofFields
        form={form}
        type="register"
        areaCode={areaCode}
        passwordLabel={t('account:fields.password')}
      />
      <TextField
        control={form.control}
        name="inviteCode"
        label={t('account:fields.inviteCode')}
        placeholder={t('account:fields.inviteCodePlaceholder')}
        clean={lettersAndDigits}
        autoComplete="off"
        autoCapitalize="off"
        ltr
      />
      <CaptchaField
        control={form.control}
        name="captcha"
        onCaptchaId={onCaptchaId}
        refreshKey={captchaKey}
        onClear={() => form.setValue('captcha', '')}
      />
      <div className={authLinksClass}>
        <CheckField control={form.control} name="agree">
          <Trans
            i18nKey="account:register.agree"
            components={{
              disclaimer: <Link to={routeTo('common.disclaimer')} />,
              privacy: <Link to={routeTo('common.privacyPolicy')} />,
            }}
          />
        </CheckField>
      </div>
    </AuthScreen>
  );
}
