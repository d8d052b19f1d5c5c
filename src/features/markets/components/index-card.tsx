// A live index card (KSE-100 and friends): name, points, change and change percent, tinted by direction.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Instrument } from '../../../../workers/protocol/market.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { displayName } from '../instruments.ts';
import { useTicker } from '../live.ts';
import { flashClass, klineHref } from './quote-row.tsx';

export function IndexCard({ symbol, inst }: { symbol: string; inst: Instrument | undefined }) {
  const { i18n } = useTranslation();
  const tk = useTicker(symbol);
  const dir = tk?.dir ?? 'flat';
  return (
    <Link
      className={`index-card index-card--${dir}`}
      to={klineHref(symbol, inst)}
      data-testid="index-card"
      data-symbol={symbol}
    >
      <span className="index-card__name">{displayName(inst, i18n.language) || symbol}</span>
      <span className={`index-card__price ${dir}${flashClass(tk?.flash, tk?.flashSeq)}`}>
        <Num>{tk?.price ?? '--'}</Num>
      </span>
      <span className={`index-card__chg ${dir}`}>
        <Num>{tk?.change ?? '--'}</Num>
        <Num>{tk?.changePct ?? ''}</Num>
      </span>
    </Link>
  );
}
