// The "My options" tab of /pages/stock/order?mode=option: the statistics (counted and summed by the server from
// the records) and the caller's options, newest first, on the current account. A settled option shows its
// strike, the price at expiry, what was paid back, the P&L and the P&L ratio; an open one its expiry.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OptionOrder } from '../../../contract/option.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { toneClass } from '../../shared/ui/tone.ts';
import { optionsQuery, statisticsQuery } from './queries.ts';
import s from './option.module.css';

const pkr = (amount: string): string => `${formatPKRAmount(amount)} PKR`;
const tone = (signed: string) =>
  toneClass(signed.startsWith('-') ? 'down' : /[1-9]/.test(signed) ? 'up' : 'flat');

function Statistics() {
  const { t } = useTranslation();
  const stats = useQuery(statisticsQuery(useAccountScope()));
  const d = stats.data;
  if (!d) return null;
  const item = (key: string, value: string, testId?: string, className?: string) => (
    <div>
      <dt className="muted small">{t(`option:stats.${key}`)}</dt>
      <dd data-testid={testId} className={className}>
        <Num>{value}</Num>
      </dd>
    </div>
  );
  return (
    <section className={s.card} data-testid="option-stats" aria-label={t('option:stats.title')}>
      <dl className={s.stats}>
        {item('open', String(d.open), 'option-stats-open')}
        {item('settled', String(d.settled), 'option-stats-settled')}
        {item('won', String(d.won))}
        {item('lost', String(d.lost))}
        {item('premiumOpen', pkr(d.premiumOpen))}
        {item('payoff', pkr(d.payoff))}
        {item('realisedPnl', pkr(d.realisedPnl), 'option-stats-pnl', tone(d.realisedPnl))}
      </dl>
    </section>
  );
}

function OptionCard({ o }: { o: OptionOrder }) {
  const { t } = useTranslation();
  const settled = o.state === 'settled';
  return (
    <article className={s.card} data-testid="option-record" data-state={o.state} data-id={o.id}>
      <div className={s.head}>
        <strong>
          <Num>{o.symbol}</Num> · {t(`option:direction.${o.direction}Short`)} ·{' '}
          {t('option:ticket.days', { count: o.term })}
        </strong>
        <span className={s.chip} data-state={o.state} data-testid="option-record-state">
          {t(`option:records.${o.state}`)}
        </span>
      </div>
      <dl className={s.facts}>
        <dt>{t('option:records.strike')}</dt>
        <dd>
          <Num>{pkr(o.strike)}</Num>
        </dd>
        <dt>{t('option:records.premium')}</dt>
        <dd>
          <Num>{`${pkr(o.premium)} (${t('option:records.contracts', { count: o.qty })})`}</Num>
        </dd>
        {settled ? (
          <>
            <dt>{t('option:records.expiryPrice')}</dt>
            <dd data-testid="option-record-expiry-price">
              <Num>{pkr(o.expiryPrice)}</Num>
            </dd>
            <dt>{t('option:records.payoff')}</dt>
            <dd data-testid="option-record-payoff">
              <Num>{pkr(o.payoff)}</Num>
            </dd>
            <dt>{t('option:records.pnl')}</dt>
            <dd className={tone(o.pnl)}>
              <Num>{pkr(o.pnl)}</Num>
            </dd>
            <dt>{t('option:records.pnlRatio')}</dt>
            <dd className={tone(o.pnlRatio)} data-testid="option-record-ratio">
              <Num>{`${o.pnlRatio}%`}</Num>
            </dd>
          </>
        ) : (
          <>
            <dt>{t('option:records.expires')}</dt>
            <dd>
              <Num>{formatDate(o.expiresAt, 'YYYY-MM-DD HH:mm:ss')}</Num>
            </dd>
          </>
        )}
      </dl>
      <p className="muted small">
        <Num>
          {t('option:records.model', {
            sigma: o.sigma,
            rate: o.rate,
            spread: (o.spreadBps / 100).toFixed(2),
          })}
        </Num>
      </p>
    </article>
  );
}

export function OptionRecords() {
  const { t } = useTranslation();
  const list = useInfiniteQuery(optionsQuery(useAccountScope(), ''));
  return (
    <div className={s.body}>
      <Statistics />
      <PagedList
        query={list}
        testId="option-records"
        itemKey={(o) => o.id}
        renderItem={(o) => <OptionCard o={o} />}
        empty={<EmptyState title={t('option:records.empty')} testId="option-records-empty" />}
      />
    </div>
  );
}
