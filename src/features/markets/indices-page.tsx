// Indices (/pages/stock/index): the PSX indices as live cards; below, the chosen index's constituents live.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { routeTo } from '../../shared/routing/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { FeedBadge } from './components/feed-badge.tsx';
import { IndexCard } from './components/index-card.tsx';
import { SkeletonRows } from './components/list-state.tsx';
import { ErrorWithRetry } from '../../shared/ui/error-with-retry.tsx';
import { QuoteList } from './components/quote-list.tsx';
import { HOME_INDICES } from './home-markets.tsx';
import { displayName, useInstruments } from './instruments.ts';
import { useMarketSubscription } from './live.ts';
import { instrumentsQuery, stockInfoQuery } from './queries.ts';
import s from './home-markets.module.css';

const INDICES: string[] = [...HOME_INDICES];

export default function IndicesPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sel = INDICES.includes(params.get('symbol') ?? '') ? (params.get('symbol') as string) : 'KSE100';
  const instruments = useInstruments();
  useMarketSubscription(INDICES);
  useQuery(instrumentsQuery('index'));
  useQuery(instrumentsQuery('psx'));
  const info = useQuery(stockInfoQuery(sel));
  const list = info.data ? (info.data.constituents ?? []) : undefined;
  return (
    <div className="page">
      <PageHeader title={t('markets:indices.title')} />
      <div className="page__body">
        <div className={s.grid}>
          {INDICES.map((sym) => (
            <IndexCard
              key={sym}
              symbol={sym}
              inst={instruments[sym]}
              selected={sym === sel}
              onSelect={(sym) => setParams({ symbol: sym }, { replace: true })}
            />
          ))}
        </div>
        <div className={s.head}>
          <h2 className="section-title">
            {displayName(instruments[sel], i18n.language) || sel}{' '}
            {list && <Num className="muted">({list.length})</Num>}
          </h2>
          <FeedBadge />
          <Link className={s.more} to={routeTo('stock.stockKline', { symbol: sel })}>
            {t('markets:indices.chart')}
          </Link>
        </div>
      </div>
      {info.isError ? (
        <ErrorWithRetry error={info.error} onRetry={() => void info.refetch()} />
      ) : list === undefined ? (
        <SkeletonRows />
      ) : (
        <QuoteList symbols={list} testId="constituents" />
      )}
    </div>
  );
}
