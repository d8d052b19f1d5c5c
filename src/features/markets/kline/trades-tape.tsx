// The trades tape: newest print first, price coloured by the taker's side, time in Pakistan time.
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/dates.ts';
import { useTrades } from '../live.ts';
import tone from '../../../shared/ui/tone.module.css';
import s from './trades-tape.module.css';

const ROWS = 20;

export function TradesTape({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const trades = useTrades(symbol);
  return (
    <section className={s.tape} aria-label={t('markets:trades.title')} data-testid="trades-tape">
      <div className={`${s.row} ${s.head}`}>
        <span>{t('markets:trades.time')}</span>
        <span>{t('markets:trades.price')}</span>
        <span>{t('markets:trades.qty')}</span>
      </div>
      {!trades || trades.length === 0 ? (
        <p className={`muted small ${s.empty}`}>
          {trades ? t('markets:trades.empty') : t('markets:state.loading')}
        </p>
      ) : (
        <ol className={`${s.list} num`} dir="ltr">
          {trades.slice(0, ROWS).map((tr) => (
            <li key={tr.id} className={s.row}>
              <span className={s.time}>{formatDate(tr.time, 'HH:mm:ss')}</span>
              <span className={tr.side === 'b' ? tone.up : tone.down}>{tr.price}</span>
              <span>{tr.qty}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
