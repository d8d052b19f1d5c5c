// The key fact statement (SECP digital-lending rules) in the reader's language: amount, APR, daily rate, every
// fee, the total cost and the total to repay, the dated schedule, the late-fee line (none) and the
// over-indebtedness warning. Computed in the app with the server's own rule (contract/loan-terms.ts), so the
// figures the user accepts are the ones the server checks.
import { useTranslation } from 'react-i18next';
import { aprText, type LoanTerms } from '../../../contract/loan-terms.ts';
import { formatMinor } from '../../../contract/money.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { Num } from '../../shared/ui/num.tsx';
import s from './loan.module.css';

export const pkr = (minor: bigint) => `${formatPKRAmount(formatMinor(minor, 2))} PKR`;

export function KeyFacts({
  terms,
  dailyRate,
  openDebt,
  openCap,
}: {
  terms: LoanTerms;
  dailyRate: string;
  openDebt: string;
  openCap: string;
}) {
  const { t } = useTranslation();
  // [label, value, a number (shown left-to-right)]
  const lines: [string, string, boolean][] = [
    [t('loan:loan.amount'), pkr(terms.principal), true],
    [t('loan:loan.days'), t('loan:loan.daysOption', { days: terms.days }), false],
    [t('loan:loan.apr'), `${aprText(terms.aprBp)} %`, true],
    [t('loan:loan.dailyRate'), `${dailyRate} %`, true],
    [t('loan:loan.interest'), pkr(terms.interest), true],
    [t('loan:loan.fee'), pkr(terms.fee), true],
    [t('loan:loan.cost'), pkr(terms.cost), true],
    [t('loan:loan.total'), pkr(terms.total), true],
  ];
  return (
    <section className={`card ${s.section}`} aria-labelledby="kfs-title" data-testid="loan-kfs">
      <h2 id="kfs-title" className="small">
        {t('loan:loan.kfs')}
      </h2>
      <p className="muted small">{t('loan:loan.kfsNote')}</p>
      <dl className={s.facts}>
        {lines.map(([k, v, num]) => (
          <div key={k} className={s.factRow}>
            <dt>{k}</dt>
            <dd>{num ? <Num>{v}</Num> : v}</dd>
          </div>
        ))}
      </dl>
      <p className="small">
        <strong>{t('loan:loan.lateFee')}:</strong> {t('loan:loan.lateFeeNone')}
      </p>
      <h3 className="small">{t('loan:loan.schedule')}</h3>
      <ul className={s.facts} data-testid="loan-schedule">
        {terms.schedule.map((i) => (
          <li key={i.n} className={s.factRow}>
            <span>{t('loan:loan.instalment', { n: i.n, date: formatDate(i.dueAt, 'YYYY-MM-DD') })}</span>
            <Num>{pkr(i.amount)}</Num>
          </li>
        ))}
      </ul>
      <p className="small">{t('loan:loan.early')}</p>
      <p className={`small ${s.warning}`} role="note" data-testid="loan-warning">
        {t('loan:loan.warning', { open: formatPKRAmount(openDebt), cap: formatPKRAmount(openCap) })}
      </p>
    </section>
  );
}
