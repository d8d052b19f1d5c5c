// One position: symbol, name and a T+1 badge while shares bought today are locked; market value, quantity and
// available; last price and average cost; floating P&L and its percentage, coloured. Column labels live once
// in the list header (PositionsHeader), so a row is numbers only: cheap to mount while 10,000 rows scroll.
// Reads its own atom, so a tick on one symbol re-renders one row. Every figure is the worker's display string.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Num } from '../../shared/ui/num.tsx';
import { usePositionRow } from './positions-live.ts';

export const POSITION_ROW_H = 76;

export const PositionRow = memo(function PositionRow({
  symbol,
  onOpen,
}: {
  symbol: string;
  onOpen: (symbol: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const p = usePositionRow(symbol);
  if (!p) return <div className="pos-row" aria-hidden="true" />;
  const locked = !/^[0,.]*$/.test(p.locked);
  return (
    <button
      type="button"
      className="pos-row"
      data-testid="position-row"
      data-symbol={symbol}
      onClick={() => onOpen(symbol)}
    >
      <span className="pos-row__col pos-row__id">
        <span className="pos-row__symline">
          <Num className="pos-row__sym">{p.symbol}</Num>
          {locked && (
            <span
              className="pos-row__t1"
              data-testid="t1-badge"
              title={t('trade:positions.lockedTitle', { locked: p.locked })}
            >
              T+1
            </span>
          )}
        </span>
        <span className="pos-row__name">{i18n.language === 'ur-PK' ? p.nameUr || p.nameEn : p.nameEn}</span>
      </span>
      <span className="pos-row__col">
        <Num className="pos-row__main">{p.marketValue}</Num>
        <Num className="pos-row__sub">
          {p.qty}/{p.available}
        </Num>
      </span>
      <span className="pos-row__col">
        <Num className="pos-row__main">{p.last}</Num>
        <Num className="pos-row__sub">{p.avgCost}</Num>
      </span>
      <span className={`pos-row__col pos-row__pnl is-${p.dir}`} data-testid="position-pnl">
        <Num className="pos-row__main">{p.pnl}</Num>
        <Num className="pos-row__sub">{p.pnlPct}</Num>
      </span>
    </button>
  );
});

/** The column labels, once above the list. */
export function PositionsHeader() {
  const { t } = useTranslation();
  return (
    <div className="pos-head" aria-hidden="true">
      <span className="pos-row__col">{t('trade:positions.stock')}</span>
      <span className="pos-row__col">
        <span>{t('trade:positions.value')}</span>
        <span>
          {t('trade:positions.qty')}/{t('trade:positions.available')}
        </span>
      </span>
      <span className="pos-row__col">
        <span>{t('trade:positions.last')}</span>
        <span>{t('trade:positions.avgCost')}</span>
      </span>
      <span className="pos-row__col">
        <span>{t('trade:positions.pnlShort')}</span>
        <span>%</span>
      </span>
    </div>
  );
}
