// Income (/pages/stock/income): realised plus floating profit for today, this week and this month, and the
// purchases of the last 1 and last 2 trading days (spec §9). All amounts are the server's.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Income } from '../../../workers/protocol/trade.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { accountTypeAtom } from '../../shared/state/session-atoms.ts';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Segmented } from '../../shared/ui/segmented.tsx';
import { OrderRow } from './order-row.tsx';
import { dirOf, signed } from './pnl.ts';
import { fetchIncome } from './positions-api.ts';
import './positions.css';

const WINDOWS = ['today', 'week', 'month'] as const;

export default function IncomePage() {
  const { t } = useTranslation();
  const account = useAtomValue(accountTypeAtom);
  const [answer, setIncome] = useState<{ account: string; income: Income | 'error' } | null>(null);
  const income = answer?.account === account ? answer.income : null;
  const [days, setDays] = useState<'1' | '2'>('1');

  useEffect(() => {
    let on = true;
    fetchIncome()
      .then((r) => on && setIncome({ account, income: r ?? 'error' }))
      .catch(() => on && setIncome({ account, income: 'error' }));
    return () => {
      on = false;
    };
  }, [account]);

  const data = income && income !== 'error' ? income : null;
  const purchases = data ? (days === '1' ? data.purchasesLast1 : data.purchasesLast2) : [];
  return (
    <div className="page income-page">
      <PageHeader title={t('nav:title.stock.income')} />
      <div className="page__body">
        <section className="income-cards" data-testid="income-cards">
          {WINDOWS.map((w) => {
            const v = data?.[w];
            const dir = dirOf(v);
            return (
              <div key={w} className="card income-card">
                <span className="muted small">{t(`trade:income.${w}`)}</span>
                <span className={`income-card__v is-${dir}`} data-testid={`income-${w}`}>
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
        {income === null ? (
          <p className="tr-state muted" role="status">
            {t('common:loading')}
          </p>
        ) : income === 'error' ? (
          <p className="tr-state muted">{t('trade:state.error')}</p>
        ) : purchases.length === 0 ? (
          <p className="tr-state muted" data-testid="purchases-empty">
            {t('trade:income.noPurchases')}
          </p>
        ) : (
          <div className="income-list">
            {purchases.map((o) => (
              <OrderRow key={o.id} order={o} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
