// Forgotten password (/pages/account/resetPassword, a route beyond spec §2): +92 phone, the SMS code texted
// to it, the new password twice (POST user/password/reset). The server ends every session of the user, so
// a session of the same user kept on this device is cleared too, and the user logs in with the new password.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE_OK } from '../../../workers/protocol/api.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { storage } from '../../shared/storage/storage.ts';
import { NewPasswordFields } from '../../shared/ui/password-field.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { useCheckedSubmit } from '../../shared/ui/use-checked-submit.ts';
import { postResetPassword, toastFailure } from './account-api.ts';
import { AuthScreen } from './auth-screen.tsx';
import { clearLocalSession } from './session.ts';
import { PhoneAndCodeFields } from './sms-code-field.tsx';
import { confirmError, normalizePkMobile, passwordError, phoneError, smsCodeError } from './validation.ts';

type Field = 'phone' | 'code' | 'password' | 'password2';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const areaCode = storage.get('areaCode') || '+92';
  const [form, setForm] = useState({ phone: '', code: '', password: '', password2: '' });
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const { errors, busy, onSubmit } = useCheckedSubmit<Field>(
    () => ({
      phone: phoneError(form.phone),
      code: smsCodeError(form.code),
      password: passwordError(form.password),
      password2: confirmError(form.password, form.password2),
    }),
    async () => {
      const phone = normalizePkMobile(form.phone) ?? form.phone;
      const res = await postResetPassword({
        areaCode,
        phone,
        code: form.code.trim(),
        password: form.password,
        password2: form.password2,
      });
      if (res?.code !== CODE_OK) {
        toastFailure(res);
        return;
      }
      if (storage.get('userInfo')?.phone === `+92${phone}`) clearLocalSession();
      showToast(t('account:reset.success'), { icon: 'success' });
      void navigate(routeTo('account.login'), { replace: true });
    },
  );

  return (
    <AuthScreen
      title={t('nav:title.account.resetPassword')}
      hero={{ heading: t('account:reset.heading'), subtitle: t('account:reset.subtitle') }}
      onSubmit={onSubmit}
      busy={busy}
      submitLabel={t('account:reset.submit')}
      switchTo={{
        prompt: t('account:reset.remembered'),
        label: t('account:register.toLogin'),
        to: routeTo('account.login'),
      }}
    >
      <PhoneAndCodeFields
        type="reset"
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
          password: t('account:fields.newPassword'),
          password2: t('account:fields.confirmPassword'),
        }}
        placeholders={{
          password: t('account:fields.newPasswordPlaceholder'),
          password2: t('account:fields.confirmPlaceholder'),
        }}
      />
    </AuthScreen>
  );
}
