// A row's live half (price, volume, change pill), painted the way this page paints cells
// (src/market/cells.ts): by the market worker into a canvas, or as DOM text where there is no OffscreenCanvas
// (older browsers, jsdom).
//
// Decision (the spec does not say): the painted cell is an image to assistive technology, labelled "Price …,
// change …, volume …" and refreshed about once a second; the row's link points to it with aria-describedby,
// so a screen reader says the name, then the figures. (The DOM version's figures were hidden behind the
// link's own aria-label.)
import { memo, useRef } from 'react';
import { cx } from '../../../shared/ui/cx.ts';
import { Num } from '../../../shared/ui/num.tsx';
import { flashClass, toneClass } from '../../../shared/ui/tone.ts';
import { useTicker, useWorkerCell, type CellWords } from '../live.ts';
import { ChangePill } from './change-pill.tsx';
import s from './quote-row.module.css';

interface CellProps {
  symbol: string;
  words: CellWords;
  /** DOM id of the canvas (the row's aria-describedby). */
  domId: string;
}

/** Drawn by the market worker: no main-thread work per tick. */
export const WorkerQuoteCell = memo(function WorkerQuoteCell({ symbol, words, domId }: CellProps) {
  const host = useRef<HTMLSpanElement>(null);
  useWorkerCell(host, domId, symbol, words);
  return <span className={s.cell} ref={host} />;
});

/**
 * DOM text: price, volume and pill. The only part of the row that reads the ticker atom, so a tick re-renders
 * three spans, not the link, its route hooks and the translated names around them.
 */
export const DomQuoteCell = memo(function DomQuoteCell({ symbol, words }: CellProps) {
  const tk = useTicker(symbol);
  return (
    <span className={s.cell}>
      <span className={s.live}>
        <span className={s.mid}>
          <span className={cx(s.price, toneClass(tk?.dir), flashClass(tk?.flash))} data-testid="quote-price">
            <Num>{tk?.price ?? '--'}</Num>
          </span>
          <span className={s.vol}>
            {words.volLabel} <Num>{tk?.volume ?? '--'}</Num>
          </span>
        </span>
        <ChangePill pct={tk?.changePct} dir={tk?.dir} className={s.pill} />
      </span>
    </span>
  );
});
