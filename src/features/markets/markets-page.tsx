// Markets (/pages/tabbar/markets): PSX stocks, indices, crypto and the watchlist as live, sortable,
// virtualised lists. The tab is kept in the query string (?tab=crypto) so back returns to the same tab.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Market } from '../../../workers/protocol/market.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { useSavedWatchlist } from '../../market/watchlist-offline.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { isLoggedInAtom } from '../../shared/state/session-atoms.ts';
import { IconSearch } from '../../shared/ui/icons-first.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { TradeShortcut } from '../../shared/ui/trade-shortcut.tsx';
import { FeedBadge } from './components/feed-badge.tsx';
import { ListState } from './components/list-state.tsx';
import { MarketAsOf } from './components/market-as-of.tsx';
import { QuoteList } from './components/quote-list.tsx';
import { SortHeader } from './components/sort-header.tsx';
import { displayName, rememberInstruments, useInstruments } from './instruments.ts';
import { instrumentsQuery } from './queries.ts';
import { useSortedSymbols } from './live.ts';
import { useListedNames } from './use-listed-names.ts';
import { DEFAULT_SORT, sortByName, toggleSort, type SortState } from './sort.ts';
import { useWatchlist } from './watchlist.ts';
import s from './markets-page.module.css';

export type MarketTab = 'psx' | 'index' | 'crypto' | 'watch';
export const MARKET_TABS: readonly MarketTab[] = ['psx', 'index', 'crypto', 'watch'];
const PANEL_ID = 'markets-panel';

export function parseTab(v: string | null): MarketTab {
  return (MARKET_TABS as readonly string[]).includes(v ?? '') ? (v as MarketTab) : 'psx';
}

function MarketTabList({ market, sort }: { market: Market; sort: SortState }) {
  const symbols = useSortedSymbols(market, sort.key, sort.dir);
  const names = useQuery(instrumentsQuery(market));
  useListedNames(market, symbols, names.isSuccess);
  if (!symbols || symbols.length === 0)
    return <ListState state={names.isError ? 'error' : 'loading'} onRetry={() => void names.refetch()} />;
  return <QuoteList symbols={symbols} testId={`list-${market}`} />;
}

/** The watchlist in the worker's per-market orders; members not yet in any sorted list go last, by name. */
export function watchOrder(
  w: { stocks: readonly string[]; coins: readonly string[] },
  sorted: readonly (readonly string[] | undefined)[],
  name: (s: string) => string,
  sort: SortState,
): string[] {
  const members = new Set([...w.stocks, ...w.coins]);
  const out: string[] = [];
  for (const list of sorted) for (const s of list ?? []) if (members.delete(s)) out.push(s);
  return [...out, ...sortByName([...members], name, sort.dir)];
}

const NO_WATCH = { stocks: [], coins: [] } as const;

function WatchTabList({ sort }: { sort: SortState }) {
  const { t, i18n } = useTranslation();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const watch = useWatchlist();
  // Offline the query cannot answer: the watchlist this device kept (with its members' names) stands in.
  const saved = useSavedWatchlist();
  useEffect(() => {
    if (saved) rememberInstruments(saved.instruments);
  }, [saved]);
  const w = watch.data ?? saved ?? NO_WATCH;
  const instruments = useInstruments();
  // The worker sorts each market; the watchlist takes those orders filtered to its members (stocks and
  // indices first, then coins), so every column sorts here too without any arithmetic on this thread.
  const psx = useSortedSymbols('psx', sort.key, sort.dir);
  const idx = useSortedSymbols('index', sort.key, sort.dir);
  const crypto = useSortedSymbols('crypto', sort.key, sort.dir);
  const symbols = useMemo(
    () => watchOrder(w, [psx, idx, crypto], (s) => displayName(instruments[s], i18n.language) || s, sort),
    [w, psx, idx, crypto, instruments, i18n.language, sort],
  );
  if (!loggedIn)
    return (
      <ListState
        state="guest"
        action={
          <Link
            className="btn btn--primary"
            to={routeTo('common.login', { redirect: routeTo('tabbar.markets', { tab: 'watch' }) })}
          >
            {t('markets:state.login')}
          </Link>
        }
      />
    );
  if (!watch.data && !saved)
    return <ListState state={watch.isError ? 'error' : 'loading'} onRetry={() => void watch.refetch()} />;
  if (symbols.length === 0) return <ListState state="watchEmpty" />;
  return <QuoteList symbols={symbols} testId="list-watch" />;
}

export default function MarketsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  return (
    <div className="page" data-testid="markets-page">
      <PageHeader
        title={t('markets:title')}
        start={null}
        wide
        end={
          <>
            <TradeShortcut />
            <Link className="icon-btn" to={routeTo('stock.search')} aria-label={t('markets:search.title')}>
              <IconSearch />
            </Link>
          </>
        }
      />
      <div className={s.sticky}>
        <Tabs
          items={MARKET_TABS.map((id) => ({
            value: id,
            label: t(`markets:tabs.${id}`),
            testId: `tab-${id}`,
          }))}
          value={tab}
          onChange={(id) => {
            setParams({ tab: id }, { replace: true });
            window.scrollTo({ top: 0 });
          }}
          label={t('markets:tabs.label')}
          scrollable
          panelId={PANEL_ID}
          className={s.tabs}
        />
        <div className={s.bar}>
          <FeedBadge />
        </div>
        <SortHeader sort={sort} onSort={(k) => setSort((s) => toggleSort(s, k))} />
      </div>
      <TabPanel id={PANEL_ID} value={tab}>
        <MarketAsOf />
        {/* Keyed by tab: a fresh list (visible range, subscriptions) per market. */}
        {tab === 'watch' ? (
          <WatchTabList key={tab} sort={sort} />
        ) : (
          <MarketTabList key={tab} market={tab} sort={sort} />
        )}
      </TabPanel>
    </div>
  );
}
