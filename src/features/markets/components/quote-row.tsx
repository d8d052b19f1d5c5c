// One market row: symbol and localised name, then the live half (price, volume, change pill: quote-cell.tsx).
// Only the live half follows the ticker, so a tick never re-renders the link and its translated names.
import { memo, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTo } from '../../../shared/routing/paths.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { displayName, isCoin } from '../instruments.ts';
import type { Instrument } from '../../../../workers/protocol/market.ts';
import { usePaintMode, type CellWords } from '../live.ts';
import { DomQuoteCell, WorkerQuoteCell } from './quote-cell.tsx';
import s from './quote-row.module.css';

export function klineHref(symbol: string, inst: Pick<Instrument, 'market'> | undefined): string {
  return isCoin(inst, symbol)
    ? routeTo('coin.coinKline', { symbol })
    : routeTo('stock.stockKline', { symbol });
}

interface QuoteRowProps {
  symbol: string;
  inst: Instrument | undefined;
}

const CELLS = { worker: WorkerQuoteCell, dom: DomQuoteCell } as const;

export const QuoteRow = memo(function QuoteRow({ symbol, inst }: QuoteRowProps) {
  const { t, i18n } = useTranslation();
  const mode = usePaintMode();
  const domId = useId();
  const name = displayName(inst, i18n.language);
  const volLabel = t('markets:row.vol');
  const labelTemplate = t('markets:row.cellLabel', {
    price: '{price}',
    change: '{change}',
    volume: '{volume}',
  });
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const words = useMemo<CellWords>(() => ({ volLabel, labelTemplate, rtl }), [volLabel, labelTemplate, rtl]);
  const Cell = CELLS[mode];
  return (
    <Link
      className={s.row}
      to={klineHref(symbol, inst)}
      data-testid="quote-row"
      data-symbol={symbol}
      aria-label={t('markets:row.open', { name: name || symbol })}
      aria-describedby={mode === 'dom' ? undefined : domId}
    >
      <span className={s.id}>
        <Num className={s.sym}>{inst?.market === 'crypto' ? `${inst.base}/${inst.quote}` : symbol}</Num>
        <span className={s.name} data-testid="quote-name">
          {name}
        </span>
      </span>
      <Cell symbol={symbol} words={words} domId={domId} />
    </Link>
  );
});
