// /pages/account/coinLogin, the crypto door of the one sign-in (issue 16's decision). One user account signs
// in once for stocks and crypto, so this is not a second account or a second session: it is the login screen
// (the shared form, login-screen.tsx) with a crypto heading and explanation, and a sign-in from here goes to
// the crypto trading screen (/pages/coin/index, or ?redirect=) instead of home and records 'coin' as the
// stored systemTradeType (spec §3). A user already signed in never sees it: the guest-only guard sends them
// straight to the crypto trading screen (src/app/router.tsx). A guest bound for that screen is sent here by
// the login guard (src/app/guard.ts).
import { useTranslation } from 'react-i18next';
import { routeTo } from '../../shared/routing/paths.ts';
import { storage } from '../../shared/storage/storage.ts';
import { IconLogo } from '../../shared/ui/icons.tsx';
import { LoginScreen } from './login-screen.tsx';

const rememberCrypto = () => storage.set('systemTradeType', 'coin');

export default function CoinLoginPage() {
  const { t } = useTranslation();
  return (
    <LoginScreen
      title={t('nav:title.account.coinLogin')}
      hero={{
        logo: <IconLogo size={56} />,
        heading: t('account:coinLogin.heading'),
        subtitle: t('account:coinLogin.subtitle'),
      }}
      home={routeTo('coin.index')}
      onSignedIn={rememberCrypto}
    />
  );
}
