// Funds detail (/pages/fundsDetail/index and /pages/fundsDetail/stockFundsDetail): every money movement of the
// current account, newest first, filtered by type, paged into a virtualised list.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { Page } from '../../../workers/protocol/market.ts';
import type { TxRecord } from '../../../workers/protocol/trade.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { accountTypeAtom } from '../../shared/state/session-atoms.ts';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { fetchTxRecords } from './assets-api.ts';
import './assets.css';

export const TX_FILTERS = [
  '',
  'deposit',
  'withdraw',
  'demo_grant',
  'buy',
  'sell',
  'fee',
  'freeze',
  'unfreeze',
] as const;
type Filter = (typeof TX_FILTERS)[number];
const SIZE = 30;

interface State {
  /** filter and account the items belong to */
  key: string;
  items: TxRecord[];
  total: number;
  page: number;
  status: 'loading' | 'ok' | 'error';
}

/** Adds page `page` of the list `k` (page 1 replaces); an answer for a list no longer shown is dropped. */
function mergePage(
  cur: State | null,
  k: string,
  page: number,
  res: Page<TxRecord> | undefined,
): State | null {
  if (page > 1 && cur?.key !== k) return cur;
  const base: State = cur?.key === k ? cur : { key: k, items: [], total: 0, page: 0, status: 'loading' };
  if (!res) return { ...base, status: 'error' };
  const items = page === 1 ? res.list : [...base.items, ...res.list];
  return { key: k, items, total: res.total, page, status: 'ok' };
}

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
  const account = useAtomValue(accountTypeAtom);
  const [filter, setFilter] = useState<Filter>('');
  const key = `${filter}|${account}`;
  const [loaded, setState] = useState<State | null>(null);
  const state: State =
    loaded?.key === key ? loaded : { key, items: [], total: 0, page: 0, status: 'loading' };

  const more = (page: number) => {
    void fetchTxRecords(filter, page, SIZE)
      .catch(() => undefined)
      .then((res) => setState((cur) => mergePage(cur, key, page, res)));
  };

  useEffect(() => {
    const k = `${filter}|${account}`;
    void fetchTxRecords(filter, 1, SIZE)
      .catch(() => undefined)
      .then((res) => setState((cur) => mergePage(cur, k, 1, res)));
  }, [filter, account]);

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
      {state.status === 'loading' ? (
        <p className="tr-state muted" role="status">
          {t('common:loading')}
        </p>
      ) : state.status === 'error' && state.items.length === 0 ? (
        <p className="tr-state muted">{t('trade:state.error')}</p>
      ) : state.items.length === 0 ? (
        <p className="tr-state muted" data-testid="tx-empty">
          {t('trade:funds.empty')}
        </p>
      ) : (
        <div className="tx-list" data-testid="tx-list">
          <Virtuoso
            useWindowScroll
            data={state.items}
            fixedItemHeight={64}
            initialItemCount={Math.min(state.items.length, 12)}
            computeItemKey={(_, r) => r.id}
            endReached={() => state.items.length < state.total && more(state.page + 1)}
            itemContent={(_, r) => <TxRow r={r} />}
          />
        </div>
      )}
    </div>
  );
}
