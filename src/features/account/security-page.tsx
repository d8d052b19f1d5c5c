// Security centre (/pages/user/security): login, transaction and withdrawal passwords (set or change; the
// withdrawal password's page also resets a forgotten one by SMS code).
import { useTranslation } from 'react-i18next';
import { routeTo } from '../../shared/routing/paths.ts';
import { IconLock, IconShield, IconWallet } from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { userInfoAtom } from '../../shared/state/session-atoms.ts';

export default function SecurityPage() {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.security')} />
      <div className="page__body">
        <div className="card soon-card">
          <span className="soon-card__icon">
            <IconShield />
          </span>
          <p className="muted small">{t('account:security.intro')}</p>
        </div>
        <ListGroup>
          <ListRow
            icon={<IconLock size={20} />}
            label={t('account:security.loginPassword')}
            value={t('account:security.change')}
            to={routeTo('user.loginPassword')}
          />
          <ListRow
            icon={<IconShield size={20} />}
            label={t('account:security.tradePassword')}
            value={t('account:security.change')}
            to={routeTo('user.tradePassword')}
            testId="security-trade-password"
          />
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('account:security.withdrawPassword')}
            value={t(user?.hasWithdrawPassword ? 'account:security.change' : 'account:security.set')}
            to={routeTo('user.withdrawPassword')}
            testId="security-withdraw-password"
          />
        </ListGroup>
      </div>
    </div>
  );
}
