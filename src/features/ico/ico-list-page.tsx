// /pages/coinICO/icoList: the token sales in three tabs (subscribing, upcoming, ended: calculating, distributed
// and listed), read from ?state= so Back returns to the tab the user left; each card links to its detail and
// counts down to the sale's next step. The way to the caller's commitments (applyList) is above the tabs.
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
import { useAtomValue } from '../../shared/state/jotai.ts';
import { userInfoAtom } from '../../shared/state/session-atoms.ts';
import { SaleCard } from './ico-parts.tsx';
import { ICO_TABS, salesQuery, type IcoTab } from './queries.ts';
import s from './ico.module.css';

const isTab = (v: string | null): v is IcoTab => (ICO_TABS as readonly (string | null)[]).includes(v);

export default function IcoListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const tab: IcoTab = isTab(raw) ? raw : 'subscribing';
  const panelId = useId();
  const user = useAtomValue(userInfoAtom);
  const list = useQuery(salesQuery(useAccountScope(), tab));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.coinICO.icoList')} />
      <div className="page__body">
        <p className="muted small">{t('ico:list.intro')}</p>
        {user && (
          <ListGroup>
            <ListRow
              icon={<IconReceipt size={20} />}
              label={t('ico:list.mine')}
              to={routeTo('coinICO.applyList')}
              testId="ico-to-mine"
            />
          </ListGroup>
        )}
        <Tabs
          items={ICO_TABS.map((v) => ({ value: v, label: t(`ico:tab.${v}`), testId: `ico-tab-${v}` }))}
          value={tab}
          onChange={(v) => setParams({ state: v }, { replace: true })}
          label={t('nav:title.coinICO.icoList')}
          variant="pill"
          panelId={panelId}
          className={s.filters}
        />
        <TabPanel id={panelId} value={tab}>
          <RemoteView
            state={toRemoteState(list)}
            onRetry={() => void list.refetch()}
            isEmpty={(d) => d.length === 0}
            empty={<EmptyState title={t('ico:list.empty')} testId="ico-empty" />}
          >
            {(d) => (
              <div className={s.list} data-testid="ico-list">
                {d.map((o) => (
                  <SaleCard key={o.id} o={o} />
                ))}
              </div>
            )}
          </RemoteView>
        </TabPanel>
      </div>
    </div>
  );
}
