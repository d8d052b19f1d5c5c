// One position: symbol and name, quantity (available, and locked until T+1 with a badge), average cost, last
// price, market value and floating P&L with its percentage, coloured. Reads its own atom, so a tick on one
// symbol re-renders one row. Every figure is the worker's display string.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Num } from '../../shared/ui/num.tsx';
import { usePositionRow } from './positions-live.ts';

export const POSITION_ROW_H = 92;

export const PositionRow = memo(function PositionRow({
  symbol,
  onOpen,
}: {
  symbol: string;
  onOpen: (symbol: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const p = usePositionRow(symbol);
  if (!p) return <div className="pos-row" style={{ blockSize: POSITION_ROW_H }} />;
  const dir = p.dir;
  const locked = !/^[0,.]*$/.test(p.locked);
  return (
    <button
      type="button"
      className="pos-row"
      data-testid="position-row"
      data-symbol={symbol}
      onClick={() => onOpen(symbol)}
    >
      <span className="pos-row__top">
        <span className="pos-row__id">
          <Num className="pos-row__sym">{p.symbol}</Num>
          {locked && (
            <span className="badge badge--pending pos-row__t1" data-testid="t1-badge">
              {t('trade:positions.t1')}
            </span>
          )}
          <span className="pos-row__name">{i18n.language === 'ur-PK' ? p.nameUr || p.nameEn : p.nameEn}</span>
        </span>
        <span className="pos-row__mv">
          <span className="pos-row__k">{t('trade:positions.value')}</span>
          <Num>{p.marketValue}</Num>
        </span>
        <span className={`pos-row__pnl is-${dir}`} data-testid="position-pnl">
          <Num>{p.pnl}</Num>
          <Num className="small">{p.pnlPct}</Num>
        </span>
      </span>
      <span className="pos-row__grid">
        <span>
          <span className="pos-row__k">{t('trade:positions.qty')}</span>
          <Num>{p.qty}</Num>
        </span>
        <span>
          <span className="pos-row__k">{t('trade:positions.available')}</span>
          <Num>{p.available}</Num>
        </span>
        <span>
          <span className="pos-row__k">{t('trade:positions.avgCost')}</span>
          <Num>{p.avgCost}</Num>
        </span>
        <span>
          <span className="pos-row__k">{t('trade:positions.last')}</span>
          <Num>{p.last}</Num>
        </span>
      </span>
    </button>
  );
});
