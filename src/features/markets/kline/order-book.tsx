// Order book depth: bids and asks side by side (best prices meet in the middle), each row with a depth bar
// whose width is the cumulative quantity share the worker computed. Numbers stay LTR.
import { useTranslation } from 'react-i18next';
import type { BookRow } from '../live.ts';
import { useBook } from '../live.ts';
import { cx } from '../../../shared/ui/cx.ts';
import tone from '../../../shared/ui/tone.module.css';
import s from './order-book.module.css';

const LEVELS = 12;

function Side({ rows, side }: { rows: readonly BookRow[]; side: 'bid' | 'ask' }) {
  return (
    <ol className={cx(s.side, s[side])} data-testid={`book-${side}s`}>
      {rows.slice(0, LEVELS).map((r) => (
        <li key={r.price} className={s.row}>
          <span
            className={s.bar}
            data-testid="book-bar"
            style={{ inlineSize: `${Math.round(r.depth * 100)}%` }}
          />
          {side === 'bid' ? (
            <>
              <span className={s.qty}>{r.qty}</span>
              <span className={cx(s.price, tone.up)}>{r.price}</span>
            </>
          ) : (
            <>
              <span className={cx(s.price, tone.down)}>{r.price}</span>
              <span className={s.qty}>{r.qty}</span>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

export function OrderBook({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const book = useBook(symbol);
  const empty = !book || (book.bids.length === 0 && book.asks.length === 0);
  return (
    <section className={s.book} aria-label={t('markets:book.title')} data-testid="order-book">
      <div className={s.head} dir="ltr">
        <span>
          {t('markets:book.bid')} · {t('markets:book.qty')}
        </span>
        <span>{t('markets:book.price')}</span>
        <span>
          {t('markets:book.qty')} · {t('markets:book.ask')}
        </span>
      </div>
      {empty ? (
        <p className={`muted small ${s.empty}`}>
          {book ? t('markets:book.empty') : t('markets:state.loading')}
        </p>
      ) : (
        <div className={`${s.body} num`} dir="ltr">
          <Side rows={book.bids} side="bid" />
          <Side rows={book.asks} side="ask" />
        </div>
      )}
    </section>
  );
}
