// The virtualised positions list (smooth with 10,000 rows): fixed-height rows in the window's scroll, a
// window of rows around the viewport, and that window's symbols subscribed so only rows on screen stream.
// A small hand-made windower instead of react-virtuoso: a scroll event costs a scrollY read and a division,
// and React renders only when the window moves by a row (every ~10 frames at a steady scroll). Rows are keyed
// by slot (index mod window size), so a row leaving at one end is reused for the row arriving at the other:
// its text changes, no DOM is built.
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { POSITION_ROW_H, PositionRow, PositionsHeader } from './position-row.tsx';
import { useVisiblePositions } from './positions-live.ts';

/** Rows kept mounted beyond each edge of the viewport, so a scroll shows filled rows before React catches up. */
const OVERSCAN = 3;

export interface RowWindow {
  start: number;
  end: number;
  /** Slots: the most rows the window can hold at this viewport height (row keys are index mod slots). */
  slots: number;
}

/** Rows [start, end) around a viewport of `viewH` px whose top is `offset` px below the list's top. */
export function rowWindow(offset: number, viewH: number, total: number, rowH = POSITION_ROW_H): RowWindow {
  const slots = Math.ceil(viewH / rowH) + 1 + 2 * OVERSCAN;
  const first = Math.floor(offset / rowH) - OVERSCAN;
  const start = Math.max(0, Math.min(first, total - slots));
  return { start, end: Math.min(total, start + slots), slots };
}

function useRowWindow(ref: RefObject<HTMLElement | null>, total: number): RowWindow {
  const [win, setWin] = useState(() => rowWindow(0, globalThis.innerHeight || 800, total));
  const current = useRef(win);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The list's top in page coordinates, read only when something above it may have moved (mount, resize,
    // the page body changing size): a scroll event then reads scrollY and forces no layout.
    let top = 0;
    const update = () => {
      const next = rowWindow(scrollY - top, innerHeight, total);
      const w = current.current;
      // Most scroll events stay inside the same window: no state change, no render.
      if (next.start === w.start && next.end === w.end && next.slots === w.slots) return;
      current.current = next;
      setWin(next);
    };
    const measure = () => {
      top = el.getBoundingClientRect().top + scrollY;
      update();
    };
    measure();
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    const around = el.closest('.page__body') ?? el.parentElement;
    if (ro && around) ro.observe(around);
    addEventListener('scroll', update, { passive: true });
    addEventListener('resize', measure);
    return () => {
      ro?.disconnect();
      removeEventListener('scroll', update);
      removeEventListener('resize', measure);
    };
  }, [ref, total]);
  return win;
}

export function PositionsList({
  symbols,
  onOpen,
}: {
  symbols: readonly string[];
  onOpen: (symbol: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const body = useRef<HTMLDivElement>(null);
  const { start, end, slots } = useRowWindow(body, symbols.length);
  const visible = useMemo(() => symbols.slice(start, end), [symbols, start, end]);
  const todayLabel = t('trade:positions.today');
  useVisiblePositions(visible);
  return (
    <div className="pos-list" data-testid="positions-list">
      <PositionsHeader />
      {/* Full height, so the page scrolls as if every row were there; the window of rows is moved, not the
          rows laid out again (style props are set through the CSSOM, which the CSP allows). */}
      <div className="pos-list__body" ref={body} style={{ blockSize: symbols.length * POSITION_ROW_H }}>
        <div className="pos-list__window" style={{ transform: `translateY(${start * POSITION_ROW_H}px)` }}>
          {visible.map((s, k) => (
            <PositionRow
              key={(start + k) % slots}
              symbol={s}
              onOpen={onOpen}
              t={t}
              lang={i18n.language}
              todayLabel={todayLabel}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
