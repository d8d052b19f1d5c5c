// Hot lists (/pages/stock/list): top gainers, losers and most active PSX stocks, live. ?type= picks the list.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { HotType } from '../../../workers/protocol/market.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { FeedBadge } from './components/feed-badge.tsx';
import { ListState } from './components/list-state.tsx';
import { QuoteList } from './components/quote-list.tsx';
import { HOT_TYPES, useHotList } from './home-markets.tsx';
import './markets.css';

const HOT_LIMIT = 50;

export function parseHotType(v: string | null): HotType {
  return (HOT_TYPES as readonly string[]).includes(v ?? '') ? (v as HotType) : 'gainers';
}

export default function HotListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type = parseHotType(params.get('type'));
  const symbols = useHotList(type, HOT_LIMIT);
  return (
    <div className="page">
      <PageHeader title={t('markets:hot.title')} />
      <div className="markets-sticky">
        <div className="mk-tabs" role="tablist">
          {HOT_TYPES.map((h) => (
            <button
              key={h}
              type="button"
              role="tab"
              aria-selected={type === h}
              className={`mk-tabs__tab${type === h ? ' is-active' : ''}`}
              onClick={() => setParams({ type: h }, { replace: true })}
            >
              {t(`markets:home.${h}`)}
            </button>
          ))}
        </div>
        <div className="markets-sticky__bar">
          <FeedBadge />
        </div>
      </div>
      {symbols === undefined ? (
        <ListState state="loading" />
      ) : symbols === null ? (
        <ListState state="error" />
      ) : (
        <QuoteList symbols={symbols} testId={`hot-${type}`} />
      )}
    </div>
  );
}
