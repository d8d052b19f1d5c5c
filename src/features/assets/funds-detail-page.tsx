// Funds detail (/pages/fundsDetail/index and /pages/fundsDetail/stockFundsDetail): every money movement of the
// current account, newest first, filtered by type, paged into a virtualised list.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TxRecord } from '../../../workers/protocol/trade.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { TX_TYPES } from '../../../contract/trade-lists.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { txRecordsQuery } from './queries.ts';
import tone from '../../shared/ui/tone.module.css';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import s from './funds-detail-page.module.css';

/** All movements, then one filter per kind the server records. */
export const TX_FILTERS = ['', ...TX_TYPES] as const;
type Filter = (typeof TX_FILTERS)[number];
const PANEL_ID = 'funds-panel';
function TxRow({ r }: { r: TxRecord }) {
  const { t } = useTranslation();
  const neg = r.amount.startsWith('-');
  const amount = formatPKRAmount(r.amount);
  return (
    <div className={s.row} data-testid="tx-row" data-type={r.type}>
      <span className={s.main}>
        <span className={s.type}>
          {t(`trade:funds.type.${r.type}`)}
          {/* A space, not a margin: the symbol is an LTR isolate, so its inline-start margin lands on the far
              side in Urdu and the label ran into it. */}
          {r.symbol && ' '}
          {r.symbol && <Num className="muted small">{r.symbol}</Num>}
        </span>
        <Num className="muted small">{formatDate(r.createdAt)}</Num>
      </span>
      <span className={s.nums}>
        <span className={neg ? tone.down : tone.up}>
          <Num>{neg ? amount : `+${amount}`}</Num>
        </span>
        <span className="muted small">
          {t('trade:funds.balance')} <Num>{formatPKRAmount(r.balance)}</Num>
        </span>
      </span>
    </div>
  );
}

export default function FundsDetailPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('');
  const records = useInfiniteQuery(txRecordsQuery(useAccountScope(), filter));

  return (
    <div className="page">
      <PageHeader title={t('nav:title.fundsDetail.stockFundsDetail')} />
      <Tabs
        items={TX_FILTERS.map((f) => ({
          value: f,
          label: f ? t(`trade:funds.type.${f}`) : t('trade:funds.all'),
          testId: `tx-filter-${f || 'all'}`,
        }))}
        value={filter}
        onChange={setFilter}
        label={t('trade:funds.filter')}
        variant="pill"
        scrollable
        panelId={PANEL_ID}
        className={s.filters}
      />
      <TabPanel id={PANEL_ID} value={filter}>
        <PagedList
          query={records}
          testId="tx-list"
          itemHeight={64}
          itemKey={(r) => r.id}
          renderItem={(r) => <TxRow r={r} />}
          empty={<EmptyState title={t('trade:funds.empty')} testId="tx-empty" />}
        />
      </TabPanel>
    </div>
  );
}
