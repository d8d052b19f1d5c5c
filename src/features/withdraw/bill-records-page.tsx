// Bill records (/pages/user/record): the hub to deposit records, withdrawal records and the funds detail.
import { useTranslation } from 'react-i18next';
import { routeTo } from '../../shared/routing/paths.ts';
import { IconWallet } from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

export default function BillRecordsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.record')} />
      <div className="page__body">
        <ListGroup>
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('withdraw:hub.deposits')}
            to={routeTo('recharge.rechargeRecord')}
            testId="hub-deposits"
          />
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('withdraw:hub.withdrawals')}
            to={routeTo('withdraw.recordIndex')}
            testId="hub-withdrawals"
          />
          <ListRow
            icon={<IconWallet size={20} />}
            label={t('withdraw:hub.funds')}
            to={routeTo('fundsDetail.index')}
            testId="hub-funds"
          />
        </ListGroup>
      </div>
    </div>
  );
}
