// Login (/pages/account/login and /pages/common/login): +92 phone and password, "remember password",
// "Forgot password?" (the SMS-code reset), link to register. After login it returns to the page the guard came from (?redirect=) or home.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CODE_OK } from '../../../workers/protocol/api.ts';
import { routeTo, safeRedirect } from '../../shared/routing/paths.ts';
import { storage } from '../../shared/storage/storage.ts';
import { IconLogo } from '../../shared/ui/icons.tsx';
import { PasswordField } from '../../shared/ui/password-field.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { useCheckedSubmit } from '../../shared/ui/use-checked-submit.ts';
import { postLogin, toastFailure } from './account-api.ts';
import { AuthScreen, PhoneField } from './auth-screen.tsx';
import { keepLogin } from './session.ts';
import { normalizePkMobile, passwordError, phoneError } from './validation.ts';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const remembered = storage.get('rememberAccount');
  const areaCode = storage.get('areaCode') || '+92';
  const [phone, setPhone] = useState(remembered?.phone ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);

  const { errors, busy, onSubmit } = useCheckedSubmit(
    () => ({ phone: phoneError(phone), password: passwordError(password) }),
    async () => {
      const normalized = normalizePkMobile(phone) ?? phone;
      const res = await postLogin({ areaCode, phone: normalized, password });
      if (res?.code !== CODE_OK) {
        toastFailure(res);
        return;
      }
      keepLogin(res.data);
      // Remember only the phone number, never the password (see RememberAccount in storage-keys.ts).
      storage.set('rememberAccount', remember ? { areaCode, phone: normalized } : null);
      showToast(t('account:login.success'), { icon: 'success' });
      void navigate(safeRedirect(params.get('redirect')) ?? routeTo('tabbar.home'), { replace: true });
    },
  );

  return (
    <AuthScreen
      title={t('nav:title.account.login')}
      hero={{
        logo: <IconLogo size={56} />,
        heading: t('account:login.welcome'),
        subtitle: t('account:login.subtitle'),
      }}
      onSubmit={onSubmit}
      busy={busy}
      submitLabel={t('account:login.submit')}
      switchTo={{
        prompt: t('account:login.noAccount'),
        label: t('account:login.toRegister'),
        to: routeTo('account.reg'),
      }}
    >
      <PhoneField areaCode={areaCode} value={phone} onValue={setPhone} error={errors.phone} />
      <PasswordField
        label={t('account:fields.password')}
        value={password}
        onValue={setPassword}
        error={errors.password}
        autoComplete="current-password"
        placeholder={t('account:fields.passwordPlaceholder')}
        name="password"
      />
      <div className="auth-row">
        <label className="check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <span>{t('account:login.remember')}</span>
        </label>
        <Link className="link-btn auth-forgot" to={routeTo('account.resetPassword')}>
          {t('account:login.forgot')}
        </Link>
      </div>
    </AuthScreen>
  );
}
