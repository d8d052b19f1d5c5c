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

/** The tint of a flash showing now (the bridge starts and clears it on batch frames). */
export function flashClass(flash: 'up' | 'down' | null | undefined): string {
  return flash ? ` flash-${flash}` : '';
}

interface QuoteRowProps {
  symbol: string;
  inst: Instrument | undefined;
}

/**
 * The live half of a row: price, volume and pill. The only part that reads the ticker atom, so a tick
 * re-renders three spans, not the link, its route hooks and the translated names around them (i18next's t()
 * showed in the stream bench's profile when every tick called it).
 */
const QuoteLive = memo(function QuoteLive({ symbol, volLabel }: { symbol: string; volLabel: string }) {
  const tk = useTicker(symbol);
  return (
    <span className="quote-row__cell">
      <span className="quote-row__live">
        <span className="quote-row__mid">
          <span className={`quote-row__price${tk ? ` ${tk.dir}` : ''}${flashClass(tk?.flash)}`}>
            <Num>{tk?.price ?? '--'}</Num>
          </span>
          <span className="quote-row__vol">
            {volLabel} <Num>{tk?.volume ?? '--'}</Num>
          </span>
        </span>
        <ChangePill pct={tk?.changePct} dir={tk?.dir} />
      </span>
    </span>
  );
});

export const QuoteRow = memo(function QuoteRow({ symbol, inst }: QuoteRowProps) {
  const { t, i18n } = useTranslation();
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
      <QuoteLive symbol={symbol} volLabel={t('markets:row.vol')} />
    </Link>
  );
});
