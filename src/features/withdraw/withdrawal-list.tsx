// A paged list of the caller's withdrawals of one kind (bank + wallet, or crypto), newest first, with a status
// filter strip; used by the record screens.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_STATUSES, type WithdrawStatus } from '../../../contract/withdraw.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { withdrawalsQuery, type RecordKind } from './queries.ts';
import { WithdrawalRow } from './record-parts.tsx';
import s from './withdraw.module.css';

const FILTERS = ['', ...WITHDRAW_STATUSES] as const;

export function WithdrawalList({ kind }: { kind: RecordKind }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WithdrawStatus | ''>('');
  const panelId = useId();
  const records = useInfiniteQuery(withdrawalsQuery(useAccountScope(), kind, status));
  return (
    <>
      <Tabs
        items={FILTERS.map((f) => ({
          value: f,
          label: t(`withdraw:status.${f || 'all'}`),
          testId: `withdraw-filter-${f || 'all'}`,
        }))}
        value={status}
        onChange={setStatus}
        label={t('withdraw:record.filter')}
        variant="pill"
        scrollable
        panelId={panelId}
        className={s.filters}
      />
      <TabPanel id={panelId} value={status}>
        <PagedList
          query={records}
          testId={`withdraw-list-${kind}`}
          itemHeight={72}
          itemKey={(w) => w.id}
          renderItem={(w) => <WithdrawalRow w={w} />}
          empty={<EmptyState title={t('withdraw:record.empty')} testId="withdraw-empty" />}
        />
      </TabPanel>
    </>
  );
}
