// /pages/stock/voteUrl?id=: one resolution's notice, read-only: the company, the meeting, the title, the
// record date and the deadline, the options and the full notice text in the reader's language, and the way
// back to voting. A resolution of a company the account never held reads as not found (the server refuses it).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { votesQuery } from './queries.ts';
import { Countdown, Dates, StateChip } from './vote-parts.tsx';
import { useNow } from '../../shared/ui/use-now.ts';
import s from './vote.module.css';

export default function VoteNoticePage() {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^[1-9][0-9]{0,15}$/.test(raw) ? raw : '';
  const now = useNow();
  const one = useQuery({ ...votesQuery(scope, id), enabled: id !== '' });
  return (
    <div className="page" data-testid="vote-notice">
      <PageHeader title={t('nav:title.stock.voteUrl')} />
      <div className="page__body">
        {id === '' ? (
          <EmptyState title={t('vote:errors.notFound')} testId="vote-notice-missing" />
        ) : (
          <RemoteView
            state={toRemoteState(one)}
            onRetry={() => void one.refetch()}
            isEmpty={(d) => d.list.length === 0}
            empty={<EmptyState title={t('vote:errors.notFound')} testId="vote-notice-missing" />}
          >
            {(d) => {
              const r = d.list[0]!;
              return (
                <article className={s.card} data-id={r.id}>
                  <div className={s.cardHead}>
                    <div className={s.name}>
                      <strong>{r.symbol}</strong>
                      <span className="small muted">{t(`vote:meeting.${r.meeting}`)}</span>
                    </div>
                    <StateChip r={r} />
                  </div>
                  <h2 className={s.title} data-testid="vote-notice-title">
                    {r.title}
                  </h2>
                  <Countdown r={r} now={now} />
                  <Dates r={r} />
                  <h3 className={s.resultsTitle}>{t('vote:notice')}</h3>
                  <p className={s.body} data-testid="vote-notice-body">
                    {r.body}
                  </p>
                  <ol className={s.optionList}>
                    {r.options.map((o, i) => (
                      <li key={i}>{o}</li>
                    ))}
                  </ol>
                </article>
              );
            }}
          </RemoteView>
        )}
        <Link className="btn btn--block" to={routeTo('stock.vote')} data-testid="vote-back">
          {t('vote:back')}
        </Link>
      </div>
    </div>
  );
}
