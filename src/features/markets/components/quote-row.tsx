// One market row: symbol and localised name, last price (flashes on change), change-percent pill.
// Reads its own ticker atom, so a tick re-renders this row only.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTo } from '../../../shared/routing/paths.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { displayName, isCoin } from '../instruments.ts';
import type { Instrument } from '../../../../workers/protocol/market.ts';
import { useTicker } from '../live.ts';
import { ChangePill } from './change-pill.tsx';

export function klineHref(symbol: string, inst: Pick<Instrument, 'market'> | undefined): string {
  return isCoin(inst, symbol)
    ? routeTo('coin.coinKline', { symbol })
    : routeTo('stock.stockKline', { symbol });
}

/** Two alternating class names restart the CSS animation on every tick without remounting the node. */
export function flashClass(flash: 'up' | 'down' | null | undefined, seq: number | undefined): string {
  if (!flash) return '';
  return ` flash-${flash}-${(seq ?? 0) % 2}`;
}

interface QuoteRowProps {
  symbol: string;
  inst: Instrument | undefined;
}

export const QuoteRow = memo(function QuoteRow({ symbol, inst }: QuoteRowProps) {
  const { t, i18n } = useTranslation();
  const tk = useTicker(symbol);
  const name = displayName(inst, i18n.language);
  return (
    <Link
      className="quote-row"
      to={klineHref(symbol, inst)}
      data-testid="quote-row"
      data-symbol={symbol}
      aria-label={t('markets:row.open', { name: name || symbol })}
    >
      <span className="quote-row__id">
        <Num className="quote-row__sym">
          {inst?.market === 'crypto' ? `${inst.base}/${inst.quote}` : symbol}
        </Num>
        <span className="quote-row__name">{name}</span>
      </span>
      <span className="quote-row__mid">
        <span className={`quote-row__price${tk ? ` ${tk.dir}` : ''}${flashClass(tk?.flash, tk?.flashSeq)}`}>
          <Num>{tk?.price ?? '--'}</Num>
        </span>
        <span className="quote-row__vol">
          {t('markets:row.vol')} <Num>{tk?.volume ?? '--'}</Num>
        </span>
      </span>
      <ChangePill pct={tk?.changePct} dir={tk?.dir} />
    </Link>
  );
});
