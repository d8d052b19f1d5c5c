// Hot lists (/pages/stock/list): top gainers, losers and most active PSX stocks, live. ?type= picks the list.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { HotType } from '../../../workers/protocol/market.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { FeedBadge } from './components/feed-badge.tsx';
import { ListState } from './components/list-state.tsx';
import { QuoteList } from './components/quote-list.tsx';
import { HOT_TYPES, useHotList } from './home-markets.tsx';
import s from './markets-page.module.css';

const HOT_LIMIT = 50;
const PANEL_ID = 'hot-panel';

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
      <div className={s.sticky}>
        <Tabs
          items={HOT_TYPES.map((h) => ({ value: h, label: t(`markets:home.${h}`) }))}
          value={type}
          onChange={(h) => setParams({ type: h }, { replace: true })}
          label={t('markets:hot.title')}
          scrollable
          panelId={PANEL_ID}
          className={s.tabs}
        />
        <div className={s.bar}>
          <FeedBadge />
        </div>
      </div>
      <TabPanel id={PANEL_ID} value={type}>
        {symbols === undefined ? (
          <ListState state="loading" />
        ) : symbols === null ? (
          <ListState state="error" />
        ) : (
          <QuoteList symbols={symbols} testId={`hot-${type}`} />
        )}
      </TabPanel>
    </div>
  );
}
