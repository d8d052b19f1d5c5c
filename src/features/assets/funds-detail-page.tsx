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
import './assets.css';

/** All movements, then one filter per kind the server records. */
export const TX_FILTERS = ['', ...TX_TYPES] as const;
type Filter = (typeof TX_FILTERS)[number];
function TxRow({ r }: { r: TxRecord }) {
  const { t } = useTranslation();
  const neg = r.amount.startsWith('-');
  const amount = formatPKRAmount(r.amount);
  return (
    <div className="tx-row" data-testid="tx-row" data-type={r.type}>
      <span className="tx-row__main">
        <span className="tx-row__type">
          {t(`trade:funds.type.${r.type}`)}
          {/* A space, not a margin: the symbol is an LTR isolate, so its inline-start margin lands on the far
              side in Urdu and the label ran into it. */}
          {r.symbol && ' '}
          {r.symbol && <Num className="muted small tx-row__sym">{r.symbol}</Num>}
        </span>
        <Num className="muted small">{formatDate(r.createdAt)}</Num>
      </span>
      <span className="tx-row__nums">
        <span className={neg ? 'down' : 'up'}>
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
    <div className="page funds-page">
      <PageHeader title={t('nav:title.fundsDetail.stockFundsDetail')} />
      <div className="funds-filters" role="radiogroup" aria-label={t('trade:funds.filter')}>
        {TX_FILTERS.map((f) => (
          <button
            key={f || 'all'}
            type="button"
            role="radio"
            aria-checked={filter === f}
            className={`chip${filter === f ? ' is-active' : ''}`}
            data-testid={`tx-filter-${f || 'all'}`}
            onClick={() => setFilter(f)}
          >
            {f ? t(`trade:funds.type.${f}`) : t('trade:funds.all')}
          </button>
        ))}
      </div>
      <PagedList
        query={records}
        testId="tx-list"
        itemHeight={64}
        itemKey={(r) => r.id}
        renderItem={(r) => <TxRow r={r} />}
        empty={<EmptyState title={t('trade:funds.empty')} testId="tx-empty" />}
      />
    </div>
  );
}
