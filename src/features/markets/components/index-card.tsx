// A live index card (KSE-100 and friends): name, points, change and change percent, tinted by direction.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Instrument } from '../../../../workers/protocol/market.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { flashClass, toneClass } from '../../../shared/ui/tone.ts';
import { displayName } from '../instruments.ts';
import { useTicker } from '../live.ts';
import s from './index-card.module.css';
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
      <span className={s.name}>{name}</span>
      <span className={cx(s.price, toneClass(dir), flashClass(tk?.flash))} data-testid="index-price">
        <Num>{tk?.price ?? '--'}</Num>
      </span>
      <span className={cx(s.chg, toneClass(dir))}>
        <Num>{tk?.change ?? '--'}</Num>
        <Num>{tk?.changePct ?? ''}</Num>
      </span>
    </>
  );
  const cls = cx(s.card, dir !== 'flat' && s[dir]);
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
