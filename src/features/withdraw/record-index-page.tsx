// Withdrawal records (/pages/withdraw/recordIndex): bank & wallet and crypto records under two tabs.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import type { RecordKind } from './queries.ts';
import { WithdrawalList } from './withdrawal-list.tsx';

export default function RecordIndexPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<RecordKind>('fiat');
  const panelId = useId();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.withdraw.recordIndex')} />
      <Tabs
        items={[
          { value: 'fiat', label: t('withdraw:record.bankTab'), testId: 'withdraw-tab-fiat' },
          { value: 'crypto', label: t('withdraw:record.cryptoTab'), testId: 'withdraw-tab-crypto' },
        ]}
        value={kind}
        onChange={setKind}
        label={t('withdraw:choose.records')}
        panelId={panelId}
      />
      <TabPanel id={panelId} value={kind}>
        <WithdrawalList key={kind} kind={kind} />
      </TabPanel>
    </div>
  );
}
