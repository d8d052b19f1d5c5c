// Registration (/pages/account/reg): +92 phone, the SMS code texted to it, password twice, optional invitation
// code (from ?code= or the stored inviteCode), captcha, agreement to the disclaimer and privacy texts.
// Success signs the user in.
import { useCallback, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CODE_OK, type RegisterBody } from '../../../workers/protocol/api.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { storage } from '../../shared/storage/storage.ts';
import { NewPasswordFields } from '../../shared/ui/password-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { useCheckedSubmit } from '../../shared/ui/use-checked-submit.ts';
import { postRegister, toastFailure } from './account-api.ts';
import { AuthScreen } from './auth-screen.tsx';
import { CaptchaField } from './captcha-field.tsx';
import { keepLogin } from './session.ts';
import { PhoneAndCodeFields } from './sms-code-field.tsx';
import {
  captchaError,
  confirmError,
  inviteCodeError,
  normalizePkMobile,
  passwordError,
  phoneError,
  smsCodeError,
} from './validation.ts';

type Field = 'phone' | 'code' | 'password' | 'password2' | 'inviteCode' | 'captcha' | 'agree';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const areaCode = storage.get('areaCode') || '+92';
  const [form, setForm] = useState({
    phone: '',
    code: '',
    password: '',
    password2: '',
    inviteCode: params.get('code') ?? storage.get('inviteCode'),
    captcha: '',
  });
  const [agree, setAgree] = useState(false);
  const [captchaId, setCaptchaId] = useState('');
  const [refreshKey, setRefreshKey] = useState(0);
  // The "Send code" button checks the phone before any submit; its verdict shows under the phone field.
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const onCaptchaId = useCallback((id: string) => setCaptchaId(id), []);

  const { errors, busy, onSubmit } = useCheckedSubmit<Field>(
    () => ({
      phone: phoneError(form.phone),
      code: smsCodeError(form.code),
      password: passwordError(form.password),
      password2: confirmError(form.password, form.password2),
      inviteCode: inviteCodeError(form.inviteCode.trim()),
      captcha: captchaError(form.captcha),
      agree: agree ? null : 'account:errors.agreeRequired',
    }),
    async () => {
      const body: RegisterBody = {
        areaCode,
        phone: normalizePkMobile(form.phone) ?? form.phone,
        password: form.password,
        password2: form.password2,
        captchaId,
        captcha: form.captcha.trim(),
        code: form.code.trim(),
        agree: '1',
        ...(form.inviteCode.trim() && { inviteCode: form.inviteCode.trim() }),
      };
      const res = await postRegister(body);
      if (res?.code !== CODE_OK) {
        toastFailure(res);
        set('captcha')('');
        setRefreshKey((k) => k + 1); // captchas are single use
        return;
      }
      keepLogin(res.data);
      showToast(t('account:register.success'), { icon: 'success' });
      void navigate(routeTo('tabbar.home'), { replace: true });
    },
  );

  return (
    <AuthScreen
      title={t('nav:title.account.reg')}
      hero={{ heading: t('account:register.heading'), subtitle: t('account:register.subtitle') }}
      onSubmit={onSubmit}
      busy={busy}
      submitLabel={t('account:register.submit')}
      switchTo={{
        prompt: t('account:register.haveAccount'),
        label: t('account:register.toLogin'),
        to: routeTo('account.login'),
      }}
    >
      <PhoneAndCodeFields
        type="register"
        areaCode={areaCode}
        phone={form.phone}
        code={form.code}
        onPhone={set('phone')}
        onCode={set('code')}
        errors={errors}
      />
      <NewPasswordFields
        values={form}
        errors={errors}
        onValue={set}
        labels={{
          password: t('account:fields.password'),
          password2: t('account:fields.confirmPassword'),
        }}
        placeholders={{
          password: t('account:fields.newPasswordPlaceholder'),
          password2: t('account:fields.confirmPlaceholder'),
        }}
      />
      <TextField
        label={t('account:fields.inviteCode')}
        value={form.inviteCode}
        onValue={set('inviteCode')}
        error={errors.inviteCode}
        autoComplete="off"
        placeholder={t('account:fields.inviteCodePlaceholder')}
        ltr
        name="inviteCode"
      />
      <CaptchaField
        value={form.captcha}
        onValue={set('captcha')}
        error={errors.captcha}
        onCaptchaId={onCaptchaId}
        refreshKey={refreshKey}
      />
      <div>
        <label className="check inline-links">
          <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} name="agree" />
          <span>
            <Trans
              i18nKey="account:register.agree"
              components={{
                disclaimer: <Link to={routeTo('common.disclaimer')} />,
                privacy: <Link to={routeTo('common.privacyPolicy')} />,
              }}
            />
          </span>
        </label>
        {errors.agree && (
          <p className="field__error" role="alert">
            {errors.agree}
          </p>
        )}
      </div>
    </AuthScreen>
  );
}
