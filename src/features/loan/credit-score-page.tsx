// Credit score (/pages/user/creditScore): the app's own score 0–100 (not an SBP score) with its tier, what the
// tier allows, each part of the rule with its points now, and the change log (user/point/change/log: every
// change with the parts that moved), newest first.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PointChange } from '../../../contract/loan.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { ErrorWithRetry } from '../../shared/ui/error-with-retry.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { pointLogQuery } from './queries.ts';
import s from './loan.module.css';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function ChangeRow({ c }: { c: PointChange }) {
  const { t } = useTranslation();
  return (
    <div className={s.row} data-testid="score-change">
      <span className={s.rowMain}>
        <span>
          {c.previous === null
            ? t('loan:score.first', { to: c.score })
            : t('loan:score.changed', { from: c.previous, to: c.score })}
        </span>
        <span className="muted small">
          {c.moved.map((m) => `${t(`loan:score.part.${m.key}`)} ${signed(m.delta)}`).join(' · ')}
        </span>
      </span>
      <Num className={`muted small ${s.date}`}>{formatDate(c.createdAt, 'YYYY-MM-DD')}</Num>
    </div>
  );
}

export default function CreditScorePage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(pointLogQuery(useAccountScope()));
  const credit = query.data?.pages[0]?.credit;
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.creditScore')} />
      <div className={`page__body ${s.section}`}>
        {query.isPending && <Skeleton rows={4} />}
        {query.isError && !credit && (
          <ErrorWithRetry error={query.error} onRetry={() => void query.refetch()} />
        )}
        {credit && (
          <>
            <div className={`card ${s.dial}`} data-testid="credit-score">
              <Num className={`${s.scoreNumber} ${s[credit.tier]}`}>{credit.score}</Num>
              <meter
                className={s.meter}
                min={0}
                max={100}
                low={60}
                high={80}
                optimum={100}
                value={credit.score}
                aria-label={t('loan:score.title')}
              />
              <strong data-testid="credit-tier">{t(`loan:score.tier.${credit.tier}`)}</strong>
              <p className="small">{t(`loan:score.allows.${credit.tier}`)}</p>
              <p className="muted small">{t('loan:score.own')}</p>
              <Link className="btn btn--primary" to={routeTo('user.loan')} data-testid="score-to-loan">
                {t('loan:score.toLoan')}
              </Link>
            </div>
            <section className="card" aria-labelledby="score-parts">
              <h2 id="score-parts" className="small">
                {t('loan:score.parts')}
              </h2>
              <dl className={s.facts}>
                {credit.parts.map((p) => (
                  <div key={p.key} className={s.factRow} data-testid={`score-part-${p.key}`}>
                    <dt>{t(`loan:score.part.${p.key}`)}</dt>
                    <dd>
                      <Num>{signed(p.points)}</Num>
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
            <h2 className="small">{t('loan:score.log')}</h2>
            <PagedList
              query={query}
              itemKey={(c) => c.id}
              renderItem={(c) => <ChangeRow c={c} />}
              empty={<EmptyState title={t('loan:score.logEmpty')} />}
              testId="score-log"
            />
          </>
        )}
      </div>
    </div>
  );
}
