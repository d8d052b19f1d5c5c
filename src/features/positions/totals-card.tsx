// The live totals above the positions: market value, floating and today's P&L (the worker's, exact), and the cash
// beside them (the server's), "as of HH:MM" when they are not live (offline). The labels render once; only the figures re-render as the totals move (about
// ten times a second with a large portfolio), so a move costs a few text changes and no translation lookups.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { usePortfolioAsOf } from '../../market/connectivity.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { AsOfNote } from '../../shared/ui/as-of-note.tsx';
import { IconChevron } from '../../shared/ui/icons.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { useCash, useLiveTotals } from './positions-live.ts';
import { cx } from '../../shared/ui/cx.ts';
import { toneClass } from '../../shared/ui/tone.ts';
import s from './totals-card.module.css';

const MarketValue = memo(function MarketValue() {
  const totals = useLiveTotals();
  return <Num>{totals?.marketValue ?? '—'}</Num>;
});

const Pnl = memo(function Pnl() {
  const totals = useLiveTotals();
  return (
    <span className={cx(s.pnl, toneClass(totals?.dir ?? 'flat'))}>
      <span data-testid="totals-pnl">
        <Num>{totals ? totals.pnl : '—'}</Num>
      </span>
      {totals && <Num className="small">{totals.pnlPct}</Num>}
    </span>
  );
});

const TodayPnl = memo(function TodayPnl() {
  const totals = useLiveTotals();
  const known = !!totals?.todayPnl;
  return (
    <span className={cx(s.pnl, toneClass(known ? totals.todayDir : 'flat'))}>
      <span data-testid="totals-today">
        <Num>{known ? totals.todayPnl : '—'}</Num>
      </span>
      {known && <Num className="small">{totals.todayPnlPct}</Num>}
    </span>
  );
});

export function TotalsCard({ account }: { account: AccountType }) {
  const { t } = useTranslation();
  const cash = useCash();
  const asOf = usePortfolioAsOf();
  return (
    <section
      className={`card card--hero ${s.totals}`}
      data-testid="positions-totals"
      aria-label={t('trade:positions.totals')}
    >
      <div className={s.head}>
        <span className="muted small">{t('trade:positions.marketValue')}</span>
        <span className={`badge badge--${account}`}>
          {t(account === 'real' ? 'trade:account.real' : 'trade:account.demo')}
        </span>
      </div>
      <AsOfNote asOf={asOf} testId="totals-as-of" />
      <span className={s.big} data-testid="totals-value">
        <MarketValue />
      </span>
      <div className={s.grid} data-testid="totals-grid">
        <span>
          <span className="muted small">{t('trade:positions.pnlShort')}</span>
          <Pnl />
        </span>
        <span>
          <span className="muted small">{t('trade:positions.todayPnl')}</span>
          <TodayPnl />
        </span>
        <span>
          <span className="muted small">{t('trade:assets.available')}</span>
          <Num>{cash?.available ?? '—'}</Num>
        </span>
        <span>
          <span className="muted small">{t('trade:assets.frozen')}</span>
          <Num>{cash?.frozen ?? '—'}</Num>
        </span>
      </div>
      {/* Assets is not a tab (routes.ts TAB_ROUTES): one tap from here. */}
      <Link className={s.assets} to={routeTo('user.assets')} data-testid="to-assets">
        {t('nav:title.user.assets')}
        <IconChevron size={16} />
      </Link>
    </section>
  );
}
