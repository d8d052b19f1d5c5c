// One position: symbol, name and a T+1 badge while shares bought today are locked; market value, quantity and
// available; last price and average cost; floating P&L and its percentage, coloured; and under the figures a
// line of today's P&L and its percentage (a third line in a column would not fit 76 px in Urdu's tall line
// height; a line across the number columns does). Column labels live once in the list header
// (PositionsHeader), so a row is numbers only (and the one-word "today" label the list passes in): cheap while
// 10,000 rows scroll. A row's one hook reads its own atom (a tick re-renders one row); `t`, the language and
// that label come from the list, and numbers are <bdi dir="ltr"> as Num renders them, inline so a row is one
// component. Every figure is the worker's.
import { memo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePositionRow, type PositionRowView } from './positions-live.ts';
import { cx } from '../../shared/ui/cx.ts';
import { toneClass } from '../../shared/ui/tone.ts';
import s from './position-row.module.css';

export const POSITION_ROW_H = 76;

const EMPTY: PositionRowView = {
  symbol: '',
  nameEn: '',
  nameUr: '',
  qty: '',
  available: '',
  locked: '',
  avgCost: '',
  last: '',
  marketValue: '',
  pnl: '',
  pnlPct: '',
  dir: 'flat',
  todayPnl: '',
  todayPnlPct: '',
  todayDir: 'flat',
};

export const PositionRow = memo(function PositionRow({
  symbol,
  onOpen,
  t,
  lang,
  todayLabel,
}: {
  symbol: string;
  onOpen: (symbol: string) => void;
  t: TFunction;
  lang: string;
  /** "Today", translated once by the list. */
  todayLabel: string;
}) {
  const p = usePositionRow(symbol) ?? EMPTY;
  const ready = p !== EMPTY;
  const locked = ready && !/^[0,.]*$/.test(p.locked);
  // Until the worker has sent the row (it is subscribed six rows before it is mounted, so this is rare: after
  // a jump) the same elements stand empty, so its arrival, like a reused row's new symbol, changes text and
  // builds no DOM.
  return (
    <button
      type="button"
      className={s.row}
      data-testid={ready ? 'position-row' : undefined}
      data-symbol={symbol}
      aria-hidden={ready ? undefined : true}
      tabIndex={ready ? undefined : -1}
      onClick={() => ready && onOpen(symbol)}
    >
      <span className={s.col}>
        <span className={s.symline}>
          <bdi dir="ltr" className={`num ${s.sym}`}>
            {p.symbol}
          </bdi>
          {locked && (
            <span
              className={s.t1}
              data-testid="t1-badge"
              title={t('trade:positions.lockedTitle', { locked: p.locked })}
            >
              T+1
            </span>
          )}
        </span>
        <span className={s.name}>{lang === 'ur-PK' ? p.nameUr || p.nameEn : p.nameEn}</span>
      </span>
      <span className={s.col}>
        <bdi dir="ltr" className={`num ${s.main}`}>
          {p.marketValue}
        </bdi>
        <bdi dir="ltr" className={`num ${s.sub}`}>
          {ready ? `${p.qty}/${p.available}` : ''}
        </bdi>
      </span>
      <span className={s.col}>
        <bdi dir="ltr" className={`num ${s.main}`}>
          {p.last}
        </bdi>
        <bdi dir="ltr" className={`num ${s.sub}`}>
          {p.avgCost}
        </bdi>
      </span>
      <span className={cx(s.col, s.pnl, toneClass(p.dir))} data-testid="position-pnl">
        <bdi dir="ltr" className={`num ${s.main}`}>
          {p.pnl}
        </bdi>
        <bdi dir="ltr" className={`num ${s.sub}`}>
          {p.pnlPct}
        </bdi>
      </span>
      <span className={cx(s.today, toneClass(p.todayDir))} data-testid="position-today">
        <span className={s.todayLabel}>{ready ? todayLabel : ''}</span>
        <bdi dir="ltr" className="num">
          {ready ? p.todayPnl || '—' : ''}
        </bdi>
        <bdi dir="ltr" className="num">
          {p.todayPnl ? p.todayPnlPct : ''}
        </bdi>
      </span>
    </button>
  );
});

/** The column labels, once above the list. */
export function PositionsHeader() {
  const { t } = useTranslation();
  return (
    <div className={s.head} aria-hidden="true">
      <span className={s.col}>{t('trade:positions.stock')}</span>
      <span className={s.col}>
        <span>{t('trade:positions.value')}</span>
        <span>
          {t('trade:positions.qty')}/{t('trade:positions.available')}
        </span>
      </span>
      <span className={s.col}>
        <span>{t('trade:positions.last')}</span>
        <span>{t('trade:positions.avgCost')}</span>
      </span>
      <span className={s.col}>
        <span>{t('trade:positions.pnlShort')}</span>
        <span>%</span>
      </span>
    </div>
  );
}
