// The rows of a fixed-row-height list that are on screen (plus `overscanPx` each side), in the window's scroll:
// what react-virtuoso's `useWindowScroll` + `fixedItemHeight` + `rangeChanged` gave the quote lists, without its
// 17.5 KB (brotli) on the Markets tab's first load. Measured on mount, on scroll (once per frame) and on resize
// or when the page above the list changes size.
import { useLayoutEffect, useState, type RefObject } from 'react';

export interface ListRange {
  startIndex: number;
  /** Inclusive; −1 when no row is on screen. */
  endIndex: number;
}

/** The rows [startIndex, endIndex] of `total` rows of `rowH` px that meet a viewport of `viewH` px whose top is
 *  `offset` px below the list's top, widened by `overscanPx` each side. */
export function rangeAt(
  offset: number,
  viewH: number,
  total: number,
  rowH: number,
  overscanPx: number,
): ListRange {
  if (total === 0 || rowH <= 0) return { startIndex: 0, endIndex: -1 };
  const startIndex = Math.min(total - 1, Math.max(0, Math.floor((offset - overscanPx) / rowH)));
  const endIndex = Math.min(total - 1, Math.floor((offset + viewH + overscanPx - 1) / rowH));
  return { startIndex, endIndex: Math.max(startIndex - 1, endIndex) };
}

export function useVisibleRange(
  ref: RefObject<HTMLElement | null>,
  total: number,
  rowH: number,
  overscanPx: number,
  initialCount: number,
): ListRange {
  const [range, setRange] = useState<ListRange>(() => ({
    startIndex: 0,
    endIndex: Math.min(total, initialCount) - 1,
  }));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const next = rangeAt(-el.getBoundingClientRect().top, innerHeight, total, rowH, overscanPx);
      setRange((prev) =>
        prev.startIndex === next.startIndex && prev.endIndex === next.endIndex ? prev : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
    const around = el.closest('.page__body') ?? el.parentElement;
    if (ro && around) ro.observe(around);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
      ro?.disconnect();
    };
  }, [ref, total, rowH, overscanPx]);
  return range;
}
