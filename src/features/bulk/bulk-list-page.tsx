// /pages/stockBulk/bulkList: the blocks on offer (and upcoming, ended) in a tab strip, who may buy them, and the
// way to the caller's block orders. The tab is read from ?state=, so a link can open any tab.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { IconReceipt } from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { BlockCard } from './bulk-parts.tsx';
import { BULK_TABS, blocksQuery, type BulkTab } from './queries.ts';
import s from './bulk.module.css';

const isTab = (v: string | null): v is BulkTab => (BULK_TABS as readonly (string | null)[]).includes(v);

export default function BulkListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const tab: BulkTab = isTab(raw) ? raw : 'open';
  const panelId = useId();
  const list = useQuery(blocksQuery(useAccountScope(), tab));
  return (
    <div className="page" data-testid="bulk-list-page">
      <PageHeader title={t('nav:title.stockBulk.bulkList')} />
      <div className="page__body">
        <p className="muted small">{t('bulk:list.intro')}</p>
        <ListGroup>
          <ListRow
            icon={<IconReceipt size={20} />}
            label={t('bulk:list.myOrders')}
            to={routeTo('stockBulk.bulkOrder')}
            testId="bulk-to-orders"
          />
        </ListGroup>
        <Tabs
          items={BULK_TABS.map((v) => ({
            value: v,
            label: t(`bulk:list.tab.${v}`),
            testId: `bulk-tab-${v}`,
          }))}
          value={tab}
          onChange={(v) => setParams({ state: v }, { replace: true })}
          label={t('bulk:list.tabs')}
          variant="pill"
          panelId={panelId}
        />
        <TabPanel id={panelId} value={tab}>
          <RemoteView
            state={toRemoteState(list)}
            onRetry={() => void list.refetch()}
            isEmpty={(d) => d.length === 0}
            empty={<EmptyState title={t('bulk:list.empty')} testId="bulk-empty" />}
          >
            {(d) => (
              <div className={s.list} data-testid="bulk-list">
                {d.map((b) => (
                  <BlockCard key={b.id} b={b} />
                ))}
              </div>
            )}
          </RemoteView>
        </TabPanel>
      </div>
    </div>
  );
}
