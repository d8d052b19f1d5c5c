// The live totals above the positions: market value, floating P&L, and the cash beside them.
import { useTranslation } from 'react-i18next';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { formatPKRAmount } from '../../shared/format/numbers.ts';
import { Num } from '../../shared/ui/num.tsx';
import { dirOf, signed } from './pnl.ts';
import { usePositionTotals } from './positions-live.ts';

export function TotalsCard({ account }: { account: AccountType }) {
  const { t } = useTranslation();
  const totals = usePositionTotals();
  const dir = dirOf(totals?.pnl);
  const v = (s: string | undefined) => (s === undefined ? '—' : formatPKRAmount(s));
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
      <Num className="totals__big">{v(totals?.marketValue)}</Num>
      <div className="totals__grid">
        <span>
          <span className="muted small">{t('trade:positions.floatingPnl')}</span>
          <span className={`is-${dir}`} data-testid="totals-pnl">
            <Num>{totals ? signed(formatPKRAmount(totals.pnl), dir) : '—'}</Num>
          </span>
        </span>
        <span>
          <span className="muted small">{t('trade:assets.available')}</span>
          <Num>{v(totals?.available)}</Num>
        </span>
        <span>
          <span className="muted small">{t('trade:assets.frozen')}</span>
          <Num>{v(totals?.frozen)}</Num>
        </span>
      </div>
    </section>
  );
}
