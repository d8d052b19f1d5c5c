// The top of a k-line page: big live price, change and percent, and the session stats grid (open, high,
// low, volume, turnover; for stocks also the daily price limits and market cap from stock/info).
import { useTranslation } from 'react-i18next';
import type { StockInfo } from '../../../../workers/protocol/market.ts';
import { abbreviate, formatMoney } from '../../../shared/format/numbers.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { flashClass } from '../components/quote-cell.tsx';
import { useTicker } from '../live.ts';

function Stat({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className="kl-stat">
      <span className="kl-stat__label">{label}</span>
      <Num className="kl-stat__value">{value ?? '--'}</Num>
    </div>
  );
}

/** The trading session (pre-open, open, break, closed) as a small badge. */
export function SessionBadge({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const tk = useTicker(symbol);
  if (!tk) return null;
  return <span className={`kl-session kl-session--${tk.session}`}>{t(`markets:session.${tk.session}`)}</span>;
}

export function KlineSummary({ symbol, info }: { symbol: string; info: StockInfo | undefined }) {
  const { t } = useTranslation();
  const tk = useTicker(symbol);
  const dir = tk?.dir ?? 'flat';
  const stock = info && info.market === 'psx';
  return (
    <section className="kl-summary" data-testid="kline-summary">
      <div className="kl-summary__main">
        <span className={`kl-summary__price ${dir}${flashClass(tk?.flash)}`} data-testid="kline-price">
          <Num>{tk?.price ?? '--'}</Num>
        </span>
        <span className={`kl-summary__chg ${dir}`}>
          <Num>{tk?.change ?? ''}</Num>
          <Num>{tk?.changePct ?? ''}</Num>
        </span>
      </div>
      <div className="kl-stats">
        <Stat label={t('markets:kline.high')} value={tk?.high} />
        <Stat label={t('markets:kline.low')} value={tk?.low} />
        <Stat label={t('markets:kline.vol')} value={tk?.volume} />
        <Stat label={t('markets:kline.open')} value={tk?.open} />
        <Stat label={t('markets:kline.prevClose')} value={tk?.prevClose} />
        <Stat label={t('markets:kline.turnover')} value={tk?.turnover} />
        {stock && (
          <>
            <Stat label={t('markets:kline.limitUp')} value={formatMoney(info.limitUp)} />
            <Stat label={t('markets:kline.limitDown')} value={formatMoney(info.limitDown)} />
            <Stat label={t('markets:kline.marketCap')} value={abbreviate(info.marketCap)} />
          </>
        )}
      </div>
    </section>
  );
}
