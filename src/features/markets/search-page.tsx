// Search (/pages/stock/search): by symbol or by Urdu/English name, debounced; results tick live. Terms
// that led somewhere (a result opened, or Enter) go to searchHistoryData — latest first, de-duplicated.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { FeedBadge } from './components/feed-badge.tsx';
import { SkeletonRows } from './components/list-state.tsx';
import { ErrorWithRetry } from '../../shared/ui/error-with-retry.tsx';
import { IconSearch, IconTrash } from '../../shared/ui/icons.tsx';
import { QuoteRow } from './components/quote-row.tsx';
import { useInstruments } from './instruments.ts';
import { useHotList } from './home-markets.tsx';
import { useMarketSubscription } from './live.ts';
import { searchQuery } from './queries.ts';
import { clearHistory, loadHistory, rememberSearch } from './search-history.ts';
import { useDebounced } from '../../shared/ui/use-debounced.ts';
import s from './search-page.module.css';

export const SEARCH_DEBOUNCE_MS = 300;

const SEARCH_LIMIT = 30;

const POPULAR = 8;

/** Before anything is typed: the most active stocks, live, as one-tap shortcuts. */
function Popular() {
  const { t } = useTranslation();
  const symbols = useHotList('active', POPULAR);
  const instruments = useInstruments();
  useMarketSubscription(symbols ?? []);
  if (!symbols || symbols.length === 0) return null;
  return (
    <div className={s.popular} data-testid="search-popular">
      <div className={`${s.head} ${s.resultsHead}`}>
        <h2 className="section-title">{t('markets:search.popular')}</h2>
        <FeedBadge />
      </div>
      {symbols.map((sym) => (
        <QuoteRow key={sym} symbol={sym} inst={instruments[sym]} />
      ))}
    </div>
  );
}

export default function SearchPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery(searchQuery(q, SEARCH_LIMIT));
  const [history, setHistory] = useState<string[]>(loadHistory);

  // null: the search failed with nothing to show (a -1001 refusal was toasted by the global handler).
  const shown = !q ? undefined : (results.data ?? (results.isError ? null : undefined));
  const symbols = useMemo(() => (shown ?? []).map((r) => r.symbol), [shown]);
  useMarketSubscription(symbols);

  const remember = (term: string) => setHistory(rememberSearch(term));

  return (
    <div className="page">
      <PageHeader title={t('markets:search.title')} />
      <form
        className={s.box}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) remember(text);
        }}
      >
        <IconSearch size={20} />
        <input
          className={s.input}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          autoFocus
          value={text}
          placeholder={t('markets:search.placeholder')}
          aria-label={t('markets:search.label')}
          data-testid="search-input"
          onChange={(e) => setText(e.target.value)}
        />
      </form>

      {!text.trim() ? (
        <section className={s.history} aria-label={t('markets:search.history')}>
          {history.length > 0 ? (
            <>
              <div className={s.head}>
                <h2 className="section-title">{t('markets:search.history')}</h2>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t('markets:search.clearLabel')}
                  data-testid="history-clear"
                  onClick={() => {
                    clearHistory();
                    setHistory([]);
                  }}
                >
                  <IconTrash />
                </button>
              </div>
              <div className={s.chips} data-testid="history">
                {history.map((h) => (
                  <button key={h} type="button" className={s.chip} onClick={() => setText(h)}>
                    {h}
                  </button>
                ))}
              </div>
            </>
          ) : (
            <p className={`muted small ${s.hint}`}>{t('markets:search.hint')}</p>
          )}
          <Popular />
        </section>
      ) : shown === undefined ? (
        <SkeletonRows count={5} />
      ) : shown === null ? (
        <ErrorWithRetry error={results.error} onRetry={() => void results.refetch()} />
      ) : shown.length === 0 ? (
        <p className={`muted ${s.empty}`} data-testid="search-empty">
          {t('markets:search.noResults', { q })}
        </p>
      ) : (
        <section aria-label={t('markets:search.results')}>
          <div className={`${s.head} ${s.resultsHead}`}>
            <h2 className="section-title">{t('markets:search.results')}</h2>
            <FeedBadge />
          </div>
          <div data-testid="search-results" onClickCapture={() => remember(q)}>
            {shown.map((r) => (
              <QuoteRow key={r.symbol} symbol={r.symbol} inst={r} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
