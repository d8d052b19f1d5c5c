// Indices (/pages/stock/index): the PSX indices as live cards; below, the chosen index's constituents live.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { routeTo } from '../../shared/routing/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { FeedBadge } from './components/feed-badge.tsx';
import { IndexCard } from './components/index-card.tsx';
import { ListState } from './components/list-state.tsx';
import { QuoteList } from './components/quote-list.tsx';
import { HOME_INDICES } from './home-markets.tsx';
import { displayName, loadInstruments, useInstruments } from './instruments.ts';
import { useMarketSubscription } from './live.ts';
import { fetchStockInfo } from './markets-api.ts';
import './markets.css';

const INDICES: string[] = [...HOME_INDICES];

export default function IndicesPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sel = INDICES.includes(params.get('symbol') ?? '') ? (params.get('symbol') as string) : 'KSE100';
  const instruments = useInstruments();
  const [members, setMembers] = useState<{ sym: string; list: string[] | null } | undefined>();
  useMarketSubscription(INDICES);
  useEffect(() => {
    void loadInstruments('index');
    void loadInstruments('psx');
  }, []);
  useEffect(() => {
    let live = true;
    fetchStockInfo(sel)
      .then((info) => live && setMembers({ sym: sel, list: info?.constituents ?? null }))
      .catch(() => live && setMembers({ sym: sel, list: null }));
    return () => {
      live = false;
    };
  }, [sel]);
  const list = members?.sym === sel ? members.list : undefined;
  return (
    <div className="page">
      <PageHeader title={t('markets:indices.title')} />
      <div className="page__body">
        <div className="index-grid">
          {INDICES.map((s) => (
            <IndexCard
              key={s}
              symbol={s}
              inst={instruments[s]}
              selected={s === sel}
              onSelect={(sym) => setParams({ symbol: sym }, { replace: true })}
            />
          ))}
        </div>
        <div className="home-markets__head">
          <h2 className="section-title">
            {displayName(instruments[sel], i18n.language) || sel}{' '}
            {list && <Num className="muted">({list.length})</Num>}
          </h2>
          <FeedBadge />
          <Link className="home-markets__more" to={routeTo('stock.stockKline', { symbol: sel })}>
            {t('markets:indices.chart')}
          </Link>
        </div>
      </div>
      {list === undefined ? (
        <ListState state="loading" />
      ) : list === null ? (
        <ListState state="error" />
      ) : (
        <QuoteList symbols={list} testId="constituents" />
      )}
    </div>
  );
}
