// A live index card (KSE-100 and friends): name, points, change and change percent, tinted by direction.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Instrument } from '../../../../workers/protocol/market.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { displayName } from '../instruments.ts';
import { useTicker } from '../live.ts';
import { flashClass } from './quote-cell.tsx';
import { klineHref } from './quote-row.tsx';

interface IndexCardProps {
  symbol: string;
  inst: Instrument | undefined;
  /** When given, the card selects (the indices page) instead of opening the k-line. */
  onSelect?: (symbol: string) => void;
  selected?: boolean;
}

export function IndexCard({ symbol, inst, onSelect, selected }: IndexCardProps) {
  const { t, i18n } = useTranslation();
  const tk = useTicker(symbol);
  const dir = tk?.dir ?? 'flat';
  const name = displayName(inst, i18n.language) || symbol;
  const body = (
    <>
      <span className="index-card__name">{name}</span>
      <span className={`index-card__price ${dir}${flashClass(tk?.flash)}`}>
        <Num>{tk?.price ?? '--'}</Num>
      </span>
      <span className={`index-card__chg ${dir}`}>
        <Num>{tk?.change ?? '--'}</Num>
        <Num>{tk?.changePct ?? ''}</Num>
      </span>
    </>
  );
  const cls = `index-card index-card--${dir}${selected ? ' is-selected' : ''}`;
  if (onSelect)
    return (
      <button
        type="button"
        className={cls}
        aria-pressed={selected}
        aria-label={t('markets:indices.select', { name })}
        data-testid="index-card"
        data-symbol={symbol}
        onClick={() => onSelect(symbol)}
      >
        {body}
      </button>
    );
  return (
    <Link className={cls} to={klineHref(symbol, inst)} data-testid="index-card" data-symbol={symbol}>
      {body}
    </Link>
  );
}
