// The sign-in form both login doors share: +92 phone and password, "remember the number", "Forgot password?"
// (the SMS-code reset), customer service and the link to register. The doors differ only in their hero text
// and where a sign-in goes when no ?redirect= says otherwise: the login page goes home, the crypto door
// (coin-login-page.tsx) to the crypto trading screen. One account signs in for stocks and crypto alike.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { normalizePkMobile } from '../../../contract/pk-mobile.ts';
import { LoginBody } from '../../../contract/user.ts';
import { Checkbox } from '../../shared/forms/fields/check-field.tsx';
import { PasswordField } from '../../shared/forms/fields/password-field.tsx';
import { PhoneField } from '../../shared/forms/fields/phone-field.tsx';
import { useContractForm } from '../../shared/forms/use-contract-form.ts';
import { routeTo, safeRedirect } from '../../shared/routing/paths.ts';
import { storage } from '../../shared/storage/storage.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { postLogin } from './account-api.ts';
import { AuthRow, AuthScreen, authForgotClass } from './auth-screen.tsx';
import { keepLogin } from './session.ts';

interface LoginScreenProps {
  title: string;
  hero: { logo?: ReactNode; heading: string; subtitle: string };
  /** Where a sign-in goes when ?redirect= names no (safe) page. */
  home: string;
  /** Runs once the session is kept, before leaving (the crypto door records the trade type). */
  onSignedIn?: () => void;
}

export function LoginScreen({ title, hero, home, onSignedIn }: LoginScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const remembered = storage.get('rememberAccount');
  const areaCode = storage.get('areaCode') || '+92';
  const [remember, setRemember] = useState(remembered !== null);
  const { form, state } = useContractForm({
    schema: LoginBody,
    defaultValues: { phone: remembered?.phone ?? '', password: '' },
    submit: async (values) => {
      const phone = normalizePkMobile(values.phone) ?? values.phone;
      keepLogin(await postLogin({ ...values, areaCode, phone }));
      // Remember only the phone number, never the password (see RememberAccount in storage-keys.ts).
      storage.set('rememberAccount', remember ? { areaCode, phone } : null);
      onSignedIn?.();
      showToast(t('account:login.success'), { icon: 'success' });
      void navigate(safeRedirect(params.get('redirect')) ?? home, { replace: true });
    },
  });

  return (
    <AuthScreen
      title={title}
      hero={hero}
      form={state}
      submitLabel={t('account:login.submit')}
      switchTo={{
        prompt: t('account:login.noAccount'),
        label: t('account:login.toRegister'),
        to: routeTo('account.reg'),
      }}
    >
      <PhoneField
        control={form.control}
        name="phone"
        areaCode={areaCode}
        label={t('account:fields.phone')}
        placeholder={t('account:fields.phonePlaceholder')}
      />
      <PasswordField
        control={form.control}
        name="password"
        autoComplete="current-password"
        label={t('account:fields.password')}
        placeholder={t('account:fields.passwordPlaceholder')}
      />
      <AuthRow>
        <Checkbox checked={remember} onChange={setRemember} inline>
          {t('account:login.remember')}
        </Checkbox>
        <Link
          className={`link-btn ${authForgotClass}`}
          to={routeTo('account.resetPassword')}
          data-testid="forgot-password"
        >
          {t('account:login.forgot')}
        </Link>
      </AuthRow>
      <Link className="link-btn" to={routeTo('common.service')} data-testid="login-service">
        {t('service:loginLink')}
      </Link>
    </AuthScreen>
  );
}
