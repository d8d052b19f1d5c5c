// The top of a k-line page: big live price, change and percent, and the session stats grid (open, high,
// low, volume, turnover; for stocks also the daily price limits and market cap from stock/info).
import { useTranslation } from 'react-i18next';
import type { StockInfo } from '../../../../workers/protocol/market.ts';
import { abbreviate, formatMoney } from '../../../shared/format/numbers.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { cx } from '../../../shared/ui/cx.ts';
import { flashClass, toneClass } from '../../../shared/ui/tone.ts';
import { useTicker } from '../live.ts';
import s from './kline-summary.module.css';

function Stat({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className={s.stat}>
      <span className={s.label}>{label}</span>
      <Num className={s.value}>{value ?? '--'}</Num>
    </div>
  );
}

/** Tinted sessions: open green, pre-open and break amber, a market-wide halt red; closed stays grey. */
const sessionClass: Partial<Record<string, string>> = {
  open: s.open,
  pre: s.pre,
  break: s.break,
  halt: s.halt,
};

/** The trading session (pre-open, open, break, closed) as a small badge. */
export function SessionBadge({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const tk = useTicker(symbol);
  if (!tk) return null;
  return (
    <span className={cx(s.session, sessionClass[tk.session])}>{t(`markets:session.${tk.session}`)}</span>
  );
}

export function KlineSummary({ symbol, info }: { symbol: string; info: StockInfo | undefined }) {
  const { t } = useTranslation();
  const tk = useTicker(symbol);
  const dir = tk?.dir ?? 'flat';
  const stock = info && info.market === 'psx';
  return (
    <section className={s.summary} data-testid="kline-summary">
      <div className={s.main}>
        <span className={cx(s.price, toneClass(dir), flashClass(tk?.flash))} data-testid="kline-price">
          <Num>{tk?.price ?? '--'}</Num>
        </span>
        <span className={cx(s.chg, toneClass(dir))}>
          <Num>{tk?.change ?? ''}</Num>
          <Num>{tk?.changePct ?? ''}</Num>
        </span>
      </div>
      <div className={s.stats}>
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
