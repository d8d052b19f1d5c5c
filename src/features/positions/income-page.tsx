// Income (/pages/stock/income), spec §9, saying what each figure is. Realised P&L (shares sold: proceeds after
// fees less their average cost) for today, this week and this month, beside the floating P&L of the open
// positions now; then the purchases of today, of the previous trading day and of the two previous trading days
// ("last trading day" is the one before today, on the PSX calendar), each with the dates it covers. Under each
// realised figure, the capital gains tax NCCPL would withhold on it (contract/psx-cgt.ts: 15 %, none on a loss),
// an estimate beside the gross figure, never deducted. All amounts and dates are the server's.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Income } from '../../../workers/protocol/trade.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { Segmented } from '../../shared/ui/segmented.tsx';
import s from './income-page.module.css';
import { OrderRow } from './order-row.tsx';
import { dirOf, signed } from './pnl.ts';
import { incomeQuery } from './queries.ts';
import { cx } from '../../shared/ui/cx.ts';
import { toneClass } from '../../shared/ui/tone.ts';

const WINDOWS = ['today', 'week', 'month'] as const;
const DAYS = ['today', 'last1', 'last2'] as const;
type Days = (typeof DAYS)[number];

function purchases(d: Income, days: Days) {
  return days === 'today' ? d.purchasesToday : days === 'last1' ? d.purchasesLast1 : d.purchasesLast2;
}

/** The dates a purchase window covers, as the server named them. */
function DaysCovered({ data, days }: { data: Income | undefined; days: Days }) {
  const { t } = useTranslation();
  const [d1, d2] = data?.previousTradingDays ?? [];
  if (days === 'today') return <p className="muted small">{t('trade:income.rangeToday')}</p>;
  if (!d1 || !d2) return null;
  return (
    <p className="muted small" data-testid="purchases-days">
      {days === 'last1' ? t('trade:income.range1') : t('trade:income.range2')}{' '}
      {days === 'last1' ? (
        <Num>{d1}</Num>
      ) : (
        <>
          <Num>{d2}</Num> · <Num>{d1}</Num>
        </>
      )}
    </p>
  );
}

export default function IncomePage() {
  const { t } = useTranslation();
  const income = useQuery(incomeQuery(useAccountScope()));
  const [days, setDays] = useState<Days>('today');
  const data = income.data;
  const floating = data?.floating;
  const floatingDir = dirOf(floating);

  return (
    <div className="page" data-testid="income-page">
      <PageHeader title={t('nav:title.stock.income')} />
      <div className="page__body">
        <h2 className="section-title">{t('trade:income.realised')}</h2>
        <p className={`muted small ${s.note}`}>{t('trade:income.realisedNote')}</p>
        <section className={s.cards} data-testid="income-cards" aria-label={t('trade:income.realised')}>
          {WINDOWS.map((w) => {
            const v = data?.[w];
            const tax = data?.cgt[w];
            const dir = dirOf(v);
            return (
              <div key={w} className={`card ${s.card}`}>
                <span className="muted small">{t(`trade:income.${w}`)}</span>
                <span className={cx(s.value, toneClass(dir))} data-testid={`income-${w}`}>
                  <Num>{v === undefined ? '—' : signed(formatPKRAmount(v), dir)}</Num>
                </span>
                <span className="muted small" data-testid={`income-cgt-${w}`}>
                  {t('trade:income.cgt')} <Num>{tax === undefined ? '—' : formatPKRAmount(tax)}</Num>
                </span>
              </div>
            );
          })}
        </section>
        <p className="muted small" data-testid="income-cgt-note">
          {t('trade:income.cgtNote')}
        </p>
        <div className={`card ${s.card}`}>
          <span className="muted small">{t('trade:income.floating')}</span>
          <span className={cx(s.value, toneClass(floatingDir))} data-testid="income-floating">
            <Num>{floating === undefined ? '—' : signed(formatPKRAmount(floating), floatingDir)}</Num>
          </span>
          <span className="muted small">{t('trade:income.floatingNote')}</span>
        </div>

        <h2 className="section-title">{t('trade:income.purchases')}</h2>
        <div className={s.days}>
          <Segmented<Days>
            label={t('trade:income.purchases')}
            value={days}
            onChange={setDays}
            testId="purchase-days"
            options={DAYS.map((d) => ({
              value: d,
              label: t(`trade:income.${d === 'today' ? 'tToday' : d}`),
            }))}
          />
        </div>
        <DaysCovered data={data} days={days} />
        <RemoteView
          state={toRemoteState(income)}
          onRetry={() => void income.refetch()}
          isEmpty={(d) => purchases(d, days).length === 0}
          empty={<EmptyState title={t('trade:income.noPurchases')} testId="purchases-empty" />}
        >
          {(d) => (
            <div>
              {purchases(d, days).map((o) => (
                <OrderRow key={o.id} order={o} />
              ))}
            </div>
          )}
        </RemoteView>
      </div>
    </div>
  );
}
