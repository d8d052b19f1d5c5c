// /pages/stock/vote: resolutions of the companies the account holds. "Open" lists those not yet closed
// (upcoming ones say when they open; open ones take a vote, changeable until the deadline, with a countdown);
// "Results" lists closed ones with the weighted result and the turnout. Each card links to its full notice
// (/pages/stock/voteUrl?id=). When a countdown ends the list is read again (queries.ts), so results appear
// without a reload.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { VoteResolution } from '../../../contract/vote.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { votesQuery } from './queries.ts';
import { BallotForm, Countdown, Dates, Results, StateChip } from './vote-parts.tsx';
import { useNow } from '../../shared/ui/use-now.ts';
import s from './vote.module.css';

const TABS = ['open', 'closed'] as const;
type Tab = (typeof TABS)[number];

function ResolutionCard({ r, now }: { r: VoteResolution; now: number }) {
  const { t } = useTranslation();
  return (
    <article
      className={s.card}
      data-testid="vote-card"
      data-id={r.id}
      data-state={r.state}
      data-choice={r.myChoice ?? ''}
    >
      <div className={s.cardHead}>
        <div className={s.name}>
          <strong>{r.symbol}</strong>
          <span className="small muted">{t(`vote:meeting.${r.meeting}`)}</span>
        </div>
        <StateChip r={r} />
      </div>
      <h2 className={s.title}>{r.title}</h2>
      <Countdown r={r} now={now} />
      <Dates r={r} />
      {r.state === 'open' && <BallotForm r={r} />}
      {r.results && <Results r={r} results={r.results} />}
      <Link
        className={s.noticeLink}
        to={`${routeTo('stock.voteUrl')}?id=${r.id}`}
        data-testid="vote-notice-link"
      >
        {t('vote:readNotice')}
      </Link>
    </article>
  );
}

export default function VotePage() {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'closed' ? 'closed' : 'open';
  const panelId = useId();
  const now = useNow();
  const list = useQuery(votesQuery(scope));
  const shown = (d: { list: VoteResolution[] }) =>
    d.list.filter((r) => (tab === 'closed' ? r.state === 'closed' : r.state !== 'closed'));
  return (
    <div className="page" data-testid="vote-page">
      <PageHeader title={t('nav:title.stock.vote')} />
      <div className="page__body">
        <p className="muted small">{t('vote:intro')}</p>
        <p className="muted small">{t('vote:weightRule')}</p>
        <p className="muted small" data-testid="vote-simulated">
          {t('vote:simulated')}
        </p>
        <Tabs
          items={TABS.map((v) => ({ value: v, label: t(`vote:tabs.${v}`), testId: `vote-tab-${v}` }))}
          value={tab}
          onChange={(v) => setParams({ tab: v }, { replace: true })}
          label={t('vote:title')}
          variant="pill"
          panelId={panelId}
        />
        <TabPanel id={panelId} value={tab}>
          <RemoteView
            state={toRemoteState(list)}
            onRetry={() => void list.refetch()}
            isEmpty={(d) => shown(d).length === 0}
            empty={
              <EmptyState
                title={t(tab === 'closed' ? 'vote:emptyClosed' : 'vote:empty')}
                testId="vote-empty"
              />
            }
          >
            {(d) => (
              <div className={s.list} data-testid="vote-list">
                {shown(d).map((r) => (
                  <ResolutionCard key={r.id} r={r} now={now} />
                ))}
              </div>
            )}
          </RemoteView>
        </TabPanel>
      </div>
    </div>
  );
}
