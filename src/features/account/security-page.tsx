// Security centre (/pages/user/security): login and transaction passwords (set or change); the withdrawal
// password belongs to a later issue and says so.
import { useTranslation } from 'react-i18next';
import { routeTo } from '../../shared/routing/paths.ts';
import { IconLock, IconShield, IconWallet } from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.tsx';

export default function SecurityPage() {
  const { t } = useTranslation();
  const soon = () => showToast(t('common:comingSoon.toast'));
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
            value={t('common:comingSoon.badge')}
            onClick={soon}
          />
        </ListGroup>
      </div>
    </div>
  );
}
