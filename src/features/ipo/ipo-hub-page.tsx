// The IPO hub. /pages/tabbar/ipo (Home's quick grid) is the hub: today's new shares (subscriptions opening or
// closing today, stock/new/today), then the offerings by state in a tab strip (subscribing, upcoming, to be
// allocated, allotted, listed) and the way to the caller's applications. /pages/stockIPO/ipoList is the same
// screen under the spec's other name (an alias): both read the tab from ?state=, so a link can open either on
// any state, and Back returns to the tab the user left.
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { routeTo } from '../../shared/routing/paths.ts';
import { useNow } from '../../shared/ui/use-now.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { IconReceipt } from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { OfferingCard } from './ipo-parts.tsx';
import { HUB_TABS, offeringsQuery, todayQuery, type HubTab } from './queries.ts';
import s from './ipo.module.css';

const isTab = (v: string | null): v is HubTab => (HUB_TABS as readonly (string | null)[]).includes(v);

// ---- placements (h-place): an extra tab after the states (?state=placements), its panel given by the app
// (src/app/pages/ipo-hub-page.tsx composes the placement area's panel; features do not import each other)
export interface ExtraHubTab {
  value: string;
  label: string;
  panel: () => ReactNode;
}
// ---- end placements

export default function IpoHubPage({ extra }: { extra?: ExtraHubTab } = {}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const tab: HubTab = isTab(raw) ? raw : 'subscribing';
  const panelId = useId();
  const today = useQuery(todayQuery());
  const list = useQuery(offeringsQuery(tab));
  const now = useNow();
  // ---- placements (h-place)
  const onExtra = extra !== undefined && raw === extra.value;
  const items = HUB_TABS.map((v) => ({
    value: v as string,
    label: t(`ipo:state.${v}`),
    testId: `ipo-tab-${v}`,
  }));
  if (extra) items.push({ value: extra.value, label: extra.label, testId: `ipo-tab-${extra.value}` });
  // ---- end placements
  return (
    <div className="page" data-testid="ipo-hub">
      <PageHeader title={t('nav:title.tabbar.ipo')} />
      <div className="page__body">
        <p className="muted small">{t('ipo:hub.intro')}</p>
        <section className={s.section} aria-labelledby={`${panelId}-today`}>
          <h2 className="section-title" id={`${panelId}-today`}>
            {t('ipo:hub.today')}
          </h2>
          <RemoteView
            state={toRemoteState(today)}
            onRetry={() => void today.refetch()}
            isEmpty={(d) => d.length === 0}
            empty={<p className="muted small">{t('ipo:hub.todayEmpty')}</p>}
          >
            {(d) => (
              <div className={s.list} data-testid="ipo-today">
                {d.map((o) => (
                  <OfferingCard key={o.id} o={o} now={now} />
                ))}
              </div>
            )}
          </RemoteView>
        </section>
        <ListGroup>
          <ListRow
            icon={<IconReceipt size={20} />}
            label={t('ipo:hub.records')}
            to={routeTo('stockIPO.list')}
            testId="ipo-to-records"
          />
        </ListGroup>
        <Tabs
          items={items}
          value={onExtra ? extra.value : tab}
          onChange={(v) => setParams({ state: v }, { replace: true })}
          label={t('ipo:hub.byState')}
          variant="pill"
          scrollable
          panelId={panelId}
        />
        {onExtra && (
          <TabPanel id={panelId} value={extra.value}>
            {extra.panel()}
          </TabPanel>
        )}
        {!onExtra && (
          <TabPanel id={panelId} value={tab}>
            <RemoteView
              state={toRemoteState(list)}
              onRetry={() => void list.refetch()}
              isEmpty={(d) => d.length === 0}
              empty={<EmptyState title={t('ipo:hub.empty')} testId="ipo-empty" />}
            >
              {(d) => (
                <div className={s.list} data-testid="ipo-list">
                  {d.map((o) => (
                    <OfferingCard key={o.id} o={o} now={now} />
                  ))}
                </div>
              )}
            </RemoteView>
          </TabPanel>
        )}
      </div>
    </div>
  );
}
