// The live totals above the positions: market value and floating P&L (the worker's, exact), and the cash
// beside them (the server's).
import { useTranslation } from 'react-i18next';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { Num } from '../../shared/ui/num.tsx';
import { useCash, useLiveTotals } from './positions-live.ts';

export function TotalsCard({ account }: { account: AccountType }) {
  const { t } = useTranslation();
  const totals = useLiveTotals();
  const cash = useCash();
  return (
    <section
      className="card card--hero totals"
      data-testid="positions-totals"
      aria-label={t('trade:positions.totals')}
    >
      <div className="totals__head">
        <span className="muted small">{t('trade:positions.marketValue')}</span>
        <span className={`badge badge--${account}`}>
          {t(account === 'real' ? 'trade:account.real' : 'trade:account.demo')}
        </span>
      </div>
      <span className="totals__big" data-testid="totals-value">
        <Num>{totals?.marketValue ?? '—'}</Num>
      </span>
      <div className="totals__grid">
        <span>
          <span className="muted small">{t('trade:positions.pnlShort')}</span>
          <span className={`totals__pnl is-${totals?.dir ?? 'flat'}`}>
            <span data-testid="totals-pnl">
              <Num>{totals ? totals.pnl : '—'}</Num>
            </span>
            {totals && <Num className="small">{totals.pnlPct}</Num>}
          </span>
        </span>
        <span>
          <span className="muted small">{t('trade:assets.available')}</span>
          <Num>{cash ? formatPKRAmount(cash.available) : '—'}</Num>
        </span>
        <span>
          <span className="muted small">{t('trade:assets.frozen')}</span>
          <Num>{cash ? formatPKRAmount(cash.frozen) : '—'}</Num>
        </span>
      </div>
    </section>
  );
}
