// The markets section of Home: the four PSX indices as live cards, and top movers (gainers, losers, most
// active) as live rows. Membership of the movers list comes from stock/list/hot and is refreshed every 30 s;
// the prices inside tick live.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HotType } from '../../../workers/protocol/market.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { FeedBadge } from './components/feed-badge.tsx';
import { IndexCard } from './components/index-card.tsx';
import { ListState, SkeletonRows } from './components/list-state.tsx';
import { QuoteRow } from './components/quote-row.tsx';
import { loadInstruments, rememberInstruments, useInstruments } from './instruments.ts';
import { useMarketSubscription } from './live.ts';
import { fetchHot } from './markets-api.ts';
import './markets.css';

export const HOME_INDICES = ['KSE100', 'KSE30', 'KMI30', 'ALLSHR'] as const;
export const HOT_TYPES: readonly HotType[] = ['gainers', 'losers', 'active'];
const MOVERS = 5;
const MOVERS_REFRESH_MS = 30_000;

/** Loads one hot list and keeps it fresh; undefined while loading, null after a failure. */
export function useHotList(type: HotType, limit: number): string[] | null | undefined {
  const [state, setState] = useState<{ key: string; list: string[] | null } | undefined>(undefined);
  const key = `${type}:${limit}`;
  useEffect(() => {
    let live = true;
    const load = () =>
      fetchHot(type, limit)
        .then((list) => {
          if (!live) return;
          if (list) rememberInstruments(list);
          // A failed refresh keeps the last good list rather than blanking the screen.
          setState((prev) =>
            list ? { key, list: list.map((q) => q.symbol) } : prev?.key === key ? prev : { key, list: null },
          );
        })
        .catch(() => live && setState((prev) => (prev?.key === key ? prev : { key, list: null })));
    void load();
    // A hidden page does not need fresh membership; the next visible tick catches up.
    const timer = setInterval(() => {
      if (!document.hidden) void load();
    }, MOVERS_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [type, limit, key]);
  return state?.key === key ? state.list : undefined;
}

function TopMovers() {
  const { t } = useTranslation();
  const [type, setType] = useState<HotType>('gainers');
  const symbols = useHotList(type, MOVERS);
  const instruments = useInstruments();
  useMarketSubscription(symbols ?? []);
  return (
    <>
      <div className="home-markets__head">
        <h2 className="section-title">{t('markets:home.movers')}</h2>
        <Link className="home-markets__more" to={routeTo('stock.list', { type })}>
          {t('markets:home.more')}
        </Link>
      </div>
      <section className="card home-movers" aria-label={t('markets:home.movers')}>
        <div className="mk-chips" role="tablist">
          {HOT_TYPES.map((h) => (
            <button
              key={h}
              type="button"
              role="tab"
              aria-selected={type === h}
              className={`mk-chip${type === h ? ' is-active' : ''}`}
              data-testid={`movers-${h}`}
              onClick={() => setType(h)}
            >
              {t(`markets:home.${h}`)}
            </button>
          ))}
        </div>
        {symbols === undefined ? (
          <SkeletonRows count={MOVERS} />
        ) : symbols === null || symbols.length === 0 ? (
          <ListState state={symbols === null ? 'error' : 'empty'} />
        ) : (
          <div data-testid="movers-list">
            {symbols.map((s) => (
              <QuoteRow key={s} symbol={s} inst={instruments[s]} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}

export function HomeMarkets() {
  const { t } = useTranslation();
  const instruments = useInstruments();
  const indices = useMemo(() => [...HOME_INDICES], []);
  useMarketSubscription(indices);
  useEffect(() => {
    void loadInstruments('index');
  }, []);
  return (
    <div className="home-markets" data-testid="home-markets">
      <div className="home-markets__head">
        <h2 className="section-title">{t('markets:home.indices')}</h2>
        <FeedBadge />
        <Link className="home-markets__more" to={routeTo('tabbar.markets')}>
          {t('markets:home.more')}
        </Link>
      </div>
      <div className="index-grid">
        {indices.map((s) => (
          <IndexCard key={s} symbol={s} inst={instruments[s]} />
        ))}
      </div>
      <TopMovers />
    </div>
  );
}
