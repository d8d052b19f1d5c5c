// /pages/stockIPO/list and /pages/stockIPO/ipoRecord (the spec names both; they are one screen): the caller's
// IPO applications on the current account (real or demo), newest first, with a state filter; each card says
// what is frozen, refunded and paid and offers cancel or pay while they are allowed.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLICATION_STATES, type ApplicationState } from '../../../contract/ipo.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { Link, useSearchParams } from 'react-router';
import { ApplicationCard } from './application-card.tsx';
import { applicationsQuery } from './queries.ts';
import { useNow } from '../../shared/ui/use-now.ts';
import s from './ipo.module.css';

const FILTERS = ['', ...APPLICATION_STATES] as const;

// ---- placements (h-place): an extra records area beside the IPO applications (?tab=placements), given by the
// app (src/app/pages/ipo-records-page.tsx composes the placement area's records)
export interface ExtraRecords {
  value: string;
  label: string;
  ipoLabel: string;
  panel: () => ReactNode;
}

function AreaTabs({ extra, area }: { extra: ExtraRecords; area: string }) {
  const [, setParams] = useSearchParams();
  return (
    <Tabs
      items={[
        { value: 'ipo', label: extra.ipoLabel, testId: 'records-tab-ipo' },
        { value: extra.value, label: extra.label, testId: `records-tab-${extra.value}` },
      ]}
      value={area}
      onChange={(v) => setParams(v === 'ipo' ? {} : { tab: v }, { replace: true })}
      label={extra.label}
    />
  );
}

function ExtraRecordsPage({ extra }: { extra: ExtraRecords }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.stockIPO.list')} />
      <div className="page__body">
        <AreaTabs extra={extra} area={extra.value} />
        {extra.panel()}
      </div>
    </div>
  );
}
// ---- end placements

export default function IpoRecordsPage({ extra }: { extra?: ExtraRecords } = {}) {
  const [params] = useSearchParams();
  if (extra && params.get('tab') === extra.value) return <ExtraRecordsPage extra={extra} />;
  return <IpoApplicationsPage extra={extra} />;
}

function IpoApplicationsPage({ extra }: { extra?: ExtraRecords | undefined }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ApplicationState | ''>('');
  const panelId = useId();
  const records = useInfiniteQuery(applicationsQuery(useAccountScope(), state));
  // Re-read every 15 s: a window that closes while the screen is open takes its cancel or pay button away
  // (the server refuses a late action anyway).
  const now = useNow(15_000);
  return (
    <div className="page">
      <PageHeader title={t('nav:title.stockIPO.list')} />
      <div className="page__body">
        {extra && <AreaTabs extra={extra} area="ipo" />}
        <Tabs
          items={FILTERS.map((f) => ({
            value: f,
            label: t(`ipo:appState.${f || 'all'}`),
            testId: `ipo-filter-${f || 'all'}`,
          }))}
          value={state}
          onChange={setState}
          label={t('ipo:record.filter')}
          variant="pill"
          scrollable
          panelId={panelId}
          className={s.filters}
        />
        <TabPanel id={panelId} value={state}>
          <PagedList
            query={records}
            testId="ipo-applications"
            itemKey={(a) => a.id}
            renderItem={(a) => <ApplicationCard a={a} now={now} />}
            empty={
              <EmptyState
                title={t('ipo:record.empty')}
                testId="ipo-records-empty"
                action={
                  <Link className="btn btn--primary" to={routeTo('tabbar.ipo')}>
                    {t('ipo:record.browse')}
                  </Link>
                }
              />
            }
          />
        </TabPanel>
      </div>
    </div>
  );
}
