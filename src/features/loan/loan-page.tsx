// Loans (/pages/user/loan): the credit score and what it allows, the calculator with the key fact statement
// and the application (loan-form.tsx), and my loans with repayment (loan-list.tsx). Real account only: the
// demo account sees why. A Risk-tier or unverified user sees why they cannot apply (the server's own reason).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { ErrorWithRetry } from '../../shared/ui/error-with-retry.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { LoanForm } from './loan-form.tsx';
import { LoanList } from './loan-list.tsx';
import { loanOverviewQuery } from './queries.ts';
import s from './loan.module.css';

export default function LoanPage() {
  const { t } = useTranslation();
  const q = useQuery(loanOverviewQuery(useAccountScope()));
  const o = q.data;
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.loan')} />
      <div className={`page__body ${s.section}`}>
        <p className="muted small">{t('loan:loan.simulated')}</p>
        {q.isPending && <Skeleton rows={4} />}
        {q.isError && <ErrorWithRetry error={q.error} onRetry={() => void q.refetch()} />}
        {o && (
          <>
            <div className="card">
              <p data-testid="loan-score">
                {t('loan:loan.score', { score: o.credit.score, tier: t(`loan:score.tier.${o.credit.tier}`) })}
              </p>
              <Link className="link-btn" to={routeTo('user.creditScore')} data-testid="loan-score-link">
                {t('loan:loan.scoreLink')}
              </Link>
              <p className="muted small">
                {t('loan:loan.available', { amount: formatPKRAmount(o.available) })}
              </p>
            </div>
            {o.canApply ? (
              <LoanForm overview={o} />
            ) : (
              <div className="card" role="note" data-testid="loan-blocked" data-reason={o.blockedBy}>
                <strong>{t('loan:loan.blocked')}</strong>
                <p className="small">
                  {o.blockedBy === 'loan.demo' ? t('loan:loan.demo') : t(`errors:${o.blockedBy}`)}
                </p>
              </div>
            )}
            {o.blockedBy !== 'loan.demo' && <LoanList />}
          </>
        )}
      </div>
    </div>
  );
}
