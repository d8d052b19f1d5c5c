// Crypto withdrawal record (/pages/withdraw/cryptoRecord): USDT withdrawals.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { WithdrawalList } from './withdrawal-list.tsx';

export default function CryptoRecordPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.withdraw.cryptoRecord')} />
      <WithdrawalList kind="crypto" />
    </div>
  );
}
