// The VIP signals: trading advice and short-term strategies, each row with its measured record (never a
// promised return), and the rules they come from.
import { useTranslation } from 'react-i18next';
import type { Advice, SignalRecord, Strategy } from '../../../contract/vip.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { cx } from '../../shared/ui/cx.ts';
import { Num } from '../../shared/ui/num.tsx';
import tone from '../../shared/ui/tone.module.css';
import s from './vip-page.module.css';

const day = (ms: number) => formatDate(ms, 'YYYY-MM-DD');

function RecordLine({ r }: { r: SignalRecord }) {
  const { t } = useTranslation();
  if (r.signals === 0)
    return <p className="muted small">{t('vip:advice.noRecord', { since: day(r.since) })}</p>;
  return (
    <p className="muted small">
      {t('vip:advice.record', {
        since: day(r.since),
        signals: r.signals,
        hitRate: r.hitRatePct,
        days: r.horizonDays,
        avg: r.avgMovePct,
        worst: r.worstMovePct,
      })}
    </p>
  );
}

const ACTION_TONE = { buy: tone.up, sell: tone.down, hold: tone.flat } as const;

export function AdviceList({ items }: { items: readonly Advice[] }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return <p className="muted">{t('vip:advice.empty')}</p>;
  return (
    <ul className={s.list} data-testid="vip-advice">
      {items.map((a) => (
        <li key={a.symbol} className={s.item}>
          <div className={s.itemHead}>
            <span>
              <Num>{a.symbol}</Num>{' '}
              <span className="muted small">{i18n.language === 'ur-PK' ? a.nameUr : a.nameEn}</span>
            </span>
            <strong className={cx(s.badge, ACTION_TONE[a.action])}>{t(`vip:advice.${a.action}`)}</strong>
          </div>
          <p className="small">
            {t('vip:advice.asOf', { date: day(a.asOf), close: a.close })} ·{' '}
            <bdi dir="ltr">{t('vip:advice.figures', { sma20: a.sma20, sma50: a.sma50, rsi: a.rsi14 })}</bdi>
          </p>
          <RecordLine r={a.record} />
        </li>
      ))}
    </ul>
  );
}

export function StrategyList({ items }: { items: readonly Strategy[] }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return <p className="muted">{t('vip:strategy.empty')}</p>;
  return (
    <ul className={s.list} data-testid="vip-strategies">
      {items.map((x) => (
        <li key={x.symbol} className={s.item}>
          <div className={s.itemHead}>
            <span>
              <Num>{x.symbol}</Num>{' '}
              <span className="muted small">{i18n.language === 'ur-PK' ? x.nameUr : x.nameEn}</span>
            </span>
          </div>
          <p className="small">
            {x.live
              ? t('vip:strategy.live', {
                  date: day(x.live.signalAt),
                  entry: x.live.entry,
                  stop: x.live.stop,
                  days: x.live.daysLeft,
                })
              : t('vip:strategy.notLive')}
          </p>
          <RecordLine r={x.record} />
        </li>
      ))}
    </ul>
  );
}
