// Income (/pages/stock/income): realised plus floating profit for today, this week and this month, and the
// purchases of the last 1 and last 2 trading days (spec §9). All amounts are the server's.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { OrderRow } from './order-row.tsx';
import { dirOf, signed } from './pnl.ts';
import { incomeQuery } from './queries.ts';
import { cx } from '../../shared/ui/cx.ts';
import { toneClass } from '../../shared/ui/tone.ts';
import s from './income-page.module.css';

const WINDOWS = ['today', 'week', 'month'] as const;

export default function IncomePage() {
  const { t } = useTranslation();
  const income = useQuery(incomeQuery(useAccountScope()));
  const [days, setDays] = useState<'1' | '2'>('1');
  const data = income.data;

  return (
    <div className="page">
      <PageHeader title={t('nav:title.stock.income')} />
      <div className="page__body">
        <section className={s.cards} data-testid="income-cards">
          {WINDOWS.map((w) => {
            const v = data?.[w];
            const dir = dirOf(v);
            return (
              <div key={w} className={`card ${s.card}`}>
                <span className="muted small">{t(`trade:income.${w}`)}</span>
                <span className={cx(s.value, toneClass(dir))} data-testid={`income-${w}`}>
                  <Num>{v === undefined ? '—' : signed(formatPKRAmount(v), dir)}</Num>
                </span>
              </div>
            );
          })}
        </section>
        <h2 className="section-title">{t('trade:income.purchases')}</h2>
        <Segmented<'1' | '2'>
          label={t('trade:income.purchases')}
          value={days}
          onChange={setDays}
          options={[
            { value: '1', label: t('trade:income.last1') },
            { value: '2', label: t('trade:income.last2') },
          ]}
        />
        <RemoteView
          state={toRemoteState(income)}
          onRetry={() => void income.refetch()}
          isEmpty={(d) => (days === '1' ? d.purchasesLast1 : d.purchasesLast2).length === 0}
          empty={<EmptyState title={t('trade:income.noPurchases')} testId="purchases-empty" />}
        >
          {(d) => (
            <div>
              {(days === '1' ? d.purchasesLast1 : d.purchasesLast2).map((o) => (
                <OrderRow key={o.id} order={o} />
              ))}
            </div>
          )}
        </RemoteView>
      </div>
    </div>
  );
}
