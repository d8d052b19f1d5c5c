// Withdraw (/pages/withdraw/withdraw): choose PKR to a bank account or wallet, or USDT to a crypto address.
import { useTranslation } from 'react-i18next';
import { routeTo } from '../../shared/routing/paths.ts';
import { IconWallet } from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

export default function WithdrawPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.withdraw.withdraw')} />
      <div className="page__body">
        <p className="muted small">{t('withdraw:choose.intro')}</p>
        <ListGroup>
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('withdraw:choose.bank')}
            value={t('withdraw:choose.bankHint')}
            to={routeTo('withdraw.bankWithdraw')}
            testId="choose-bank"
          />
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('withdraw:choose.crypto')}
            value={t('withdraw:choose.cryptoHint')}
            to={routeTo('withdraw.cryptoWithdraw')}
            testId="choose-crypto"
          />
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('withdraw:choose.records')}
            to={routeTo('withdraw.recordIndex')}
            testId="choose-records"
          />
        </ListGroup>
      </div>
    </div>
  );
}
