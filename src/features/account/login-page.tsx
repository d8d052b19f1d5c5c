// Login (/pages/account/login and /pages/common/login): the shared sign-in form (login-screen.tsx) with the
// welcome hero. After login it returns to the page the guard came from (?redirect=) or home.
import { useTranslation } from 'react-i18next';
import { routeTo } from '../../shared/routing/paths.ts';
import { IconLogo } from '../../shared/ui/icons.tsx';
import { LoginScreen } from './login-screen.tsx';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <LoginScreen
      title={t('nav:title.account.login')}
      hero={{
        logo: <IconLogo size={56} />,
        heading: t('account:login.welcome'),
        subtitle: t('account:login.subtitle'),
      }}
      home={routeTo('tabbar.home')}
    />
  );
}
