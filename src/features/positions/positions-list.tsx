// The virtualised positions list (smooth with 10,000 rows): fixed-height rows in the window's scroll, a
// window of rows around the viewport, and that window's symbols subscribed so only rows on screen stream.
// A small hand-made windower instead of react-virtuoso: nothing runs while a scroll stays inside the window
// (two guard elements beyond its spare rows are watched by an IntersectionObserver; no scroll listener), and
// React renders only when the window moves, every five or six rows (about once a second at a steady scroll).
// Rows are keyed by slot (index mod window size), so rows leaving at one end are reused for the rows arriving
// at the other: their text changes, no DOM is built. Rows a little beyond the window are subscribed too, so a
// reused row already has its new figures.
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { POSITION_ROW_H, PositionRow, PositionsHeader } from './position-row.tsx';
import { useVisiblePositions } from './positions-live.ts';
import s from './positions-list.module.css';

/** Rows kept mounted beyond each edge of the viewport, so a scroll shows filled rows before React catches up. */
const OVERSCAN = 7;
/**
 * The window stays put while at least this many mounted rows remain beyond each edge of the viewport; then it
 * re-centres. So it moves every five or six rows (OVERSCAN − MARGIN, plus the viewport's part row) instead of
 * every row: a fifth of the renders, DOM moves, window repaints and subscription changes, each reusing five or
 * six rows. Two spare rows (152 px) cover the observer's frame or two of delay in a fling of ~4,000 px/s.
 * (Positions bench, main-thread busy: moving every row 12.1 %, every five rows on scroll events ~10 %, on
 * the observer ~9 %.)
 */
const MARGIN = 2;
/**
 * Rows subscribed beyond each edge of the mounted window: their figures are in their atoms before a row is
 * mounted for them, so a recycled row changes its text once (old symbol's figures → new symbol's) instead of
 * blanking first and filling a flush later (two renders, two layouts, and every text node removed and re-added).
 */
const PREFETCH = 6;

export interface RowWindow {
  start: number;
  end: number;
  /** Slots: the most rows the window can hold at this viewport height (row keys are index mod slots). */
  slots: number;
}

/**
 * Rows [start, end) around a viewport of `viewH` px whose top is `offset` px below the list's top. Given the
 * `current` window, returns it unchanged while it still covers the viewport with MARGIN rows to spare at each
 * edge that has rows beyond it.
 */
export function rowWindow(
  offset: number,
  viewH: number,
  total: number,
  rowH = POSITION_ROW_H,
  current?: RowWindow,
): RowWindow {
  const slots = Math.ceil(viewH / rowH) + 1 + 2 * OVERSCAN;
  if (current && current.slots === slots && current.end === Math.min(total, current.start + slots)) {
    const top = current.start > 0 ? (current.start + MARGIN) * rowH : -Infinity;
    const bottom = current.end < total ? (current.end - MARGIN) * rowH : Infinity;
    if (offset >= top && offset + viewH <= bottom) return current;
  }
  const first = Math.floor(offset / rowH) - OVERSCAN;
  const start = Math.max(0, Math.min(first, total - slots));
  return { start, end: Math.min(total, start + slots), slots };
}

function useRowWindow(
  ref: RefObject<HTMLElement | null>,
  guards: RefObject<HTMLElement | null>[],
  total: number,
): RowWindow {
  const [win, setWin] = useState(() => rowWindow(0, globalThis.innerHeight || 800, total));
  const current = useRef(win);
  const observer = useRef<IntersectionObserver | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The list's top in page coordinates, read only when something above it may have moved (mount, resize,
    // the page body changing size): a guard's report then reads scrollY only.
    let top = 0;
    const update = () => {
      const w = current.current;
      const next = rowWindow(scrollY - top, innerHeight, total, POSITION_ROW_H, w);
      // A report can find the window still fitting (a guard left view, or it fits after all): no render.
      if (next === w || (next.start === w.start && next.end === w.end && next.slots === w.slots)) return;
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
    // The guards cover the list beyond the window's spare rows, each to its end: one coming into view (a
    // scroll reaching the spare rows, or a jump anywhere outside the window) means the window must move. So
    // nothing runs while a scroll stays inside the window: no scroll listener, no task per frame. Without
    // an IntersectionObserver (jsdom) scroll events drive the same update.
    const io =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && update())
        : null;
    observer.current = io;
    for (const g of guards) if (io && g.current) io.observe(g.current);
    if (!io) addEventListener('scroll', update, { passive: true });
    addEventListener('resize', measure);
    return () => {
      ro?.disconnect();
      io?.disconnect();
      observer.current = null;
      removeEventListener('scroll', update);
      removeEventListener('resize', measure);
    };
  }, [ref, guards, total]);
  // Observed afresh after every move: an observer reports changes only, and a guard still in view after a
  // fast scroll outran the move it asked for would otherwise never be reported again.
  useLayoutEffect(() => {
    const io = observer.current;
    if (!io) return;
    for (const g of guards) {
      if (!g.current) continue;
      io.unobserve(g.current);
      io.observe(g.current); // a new observation reports the guard's state at the next frame
    }
  }, [guards, win]);
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
  const above = useRef<HTMLDivElement>(null);
  const below = useRef<HTMLDivElement>(null);
  const guards = useMemo(() => [above, below], []);
  const total = symbols.length;
  const { start, end, slots } = useRowWindow(body, guards, total);
  const subscribed = useMemo(
    () => symbols.slice(Math.max(0, start - PREFETCH), end + PREFETCH),
    [symbols, start, end],
  );
  const todayLabel = t('trade:positions.today');
  useVisiblePositions(subscribed);
  return (
    <div className={s.list} data-testid="positions-list">
      <PositionsHeader />
      {/* Full height, so the page scrolls as if every row were there; the window of rows is moved, not the
          rows laid out again (style props are set through the CSSOM, which the CSP allows). */}
      <div
        className={s.body}
        data-testid="positions-body"
        ref={body}
        style={{ blockSize: total * POSITION_ROW_H }}
      >
        <div
          ref={above}
          className={s.guard}
          data-testid="positions-guard"
          style={{ insetBlockStart: 0, blockSize: start > 0 ? (start + MARGIN) * POSITION_ROW_H : 0 }}
        />
        <div
          ref={below}
          className={s.guard}
          data-testid="positions-guard"
          style={{
            insetBlockStart: (end - MARGIN) * POSITION_ROW_H,
            blockSize: end < total ? (total - end + MARGIN) * POSITION_ROW_H : 0,
          }}
        />
        <div
          className={s.window}
          data-testid="positions-window"
          style={{ transform: `translateY(${start * POSITION_ROW_H}px)` }}
        >
          {symbols.slice(start, end).map((s, k) => (
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
