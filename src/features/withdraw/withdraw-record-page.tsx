// Withdrawal record (/pages/withdraw/withdrawRecord, the drawer's entry): bank and wallet withdrawals.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { WithdrawalList } from './withdrawal-list.tsx';

export default function WithdrawRecordPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.withdraw.withdrawRecord')} />
      <WithdrawalList kind="fiat" />
    </div>
  );
}
