// The markets section of Home: the four PSX indices as live cards, and top movers (gainers, losers, most
// active) as live rows. Membership of the movers list comes from stock/list/hot (a query re-read every 30 s
// while shown: no feed reports the ranking); the prices inside tick live.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HotType } from '../../../workers/protocol/market.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { FeedBadge } from './components/feed-badge.tsx';
import { MarketAsOf } from './components/market-as-of.tsx';
import { IndexCard } from './components/index-card.tsx';
import { ListState, SkeletonRows } from './components/list-state.tsx';
import { QuoteRow } from './components/quote-row.tsx';
import { useInstruments } from './instruments.ts';
import { useMarketSubscription } from './live.ts';
import { hotListQuery, instrumentsQuery } from './queries.ts';
import s from './home-markets.module.css';

export const HOME_INDICES = ['KSE100', 'KSE30', 'KMI30', 'ALLSHR'] as const;
export const HOT_TYPES: readonly HotType[] = ['gainers', 'losers', 'active'];
const MOVERS = 5;
const MOVERS_PANEL = 'movers-panel';

/** One hot list's symbols: undefined while loading, null after a failure with nothing to show. */
export function useHotList(type: HotType, limit: number): string[] | null | undefined {
  const q = useQuery(hotListQuery(type, limit));
  // A failed refresh keeps the last good list (the query keeps its data) rather than blanking the screen.
  return q.data ?? (q.isError ? null : undefined);
}

function TopMovers() {
  const { t } = useTranslation();
  const [type, setType] = useState<HotType>('gainers');
  const symbols = useHotList(type, MOVERS);
  const instruments = useInstruments();
  useMarketSubscription(symbols ?? []);
  return (
    <>
      <div className={s.head}>
        <h2 className="section-title">{t('markets:home.movers')}</h2>
        <Link className={s.more} to={routeTo('stock.list', { type })}>
          {t('markets:home.more')}
        </Link>
      </div>
      <section className={`card ${s.movers}`} aria-label={t('markets:home.movers')}>
        <Tabs
          items={HOT_TYPES.map((h) => ({ value: h, label: t(`markets:home.${h}`), testId: `movers-${h}` }))}
          value={type}
          onChange={setType}
          label={t('markets:home.movers')}
          variant="pill"
          scrollable
          panelId={MOVERS_PANEL}
          className={s.moversTabs}
        />
        <TabPanel id={MOVERS_PANEL} value={type}>
          {symbols === undefined ? (
            <SkeletonRows count={MOVERS} />
          ) : symbols === null || symbols.length === 0 ? (
            <ListState state={symbols === null ? 'error' : 'empty'} />
          ) : (
            <div className={s.moversList} data-testid="movers-list">
              {symbols.map((sym) => (
                <QuoteRow key={sym} symbol={sym} inst={instruments[sym]} />
              ))}
            </div>
          )}
        </TabPanel>
      </section>
    </>
  );
}

export function HomeMarkets() {
  const { t } = useTranslation();
  const instruments = useInstruments();
  const indices = useMemo(() => [...HOME_INDICES], []);
  useMarketSubscription(indices);
  useQuery(instrumentsQuery('index'));
  return (
    <div className={s.section} data-testid="home-markets">
      <div className={s.head}>
        <h2 className="section-title">{t('markets:home.indices')}</h2>
        <FeedBadge />
        <Link className={s.more} to={routeTo('tabbar.markets')}>
          {t('markets:home.more')}
        </Link>
      </div>
      <MarketAsOf testId="home-as-of" inline />
      <div className={s.grid}>
        {indices.map((sym) => (
          <IndexCard key={sym} symbol={sym} inst={instruments[sym]} />
        ))}
      </div>
      <TopMovers />
    </div>
  );
}
