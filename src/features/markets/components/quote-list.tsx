// A long, virtualised list of market rows. Only the rows on screen (plus a small overscan) are rendered and
// subscribed to live tickers: useVisibleRange reports the visible range and useMarketSubscription follows it.
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstruments } from '../instruments.ts';
import { useMarketSubscription, usePaintMode } from '../live.ts';
import { QuoteRow } from './quote-row.tsx';
import { useVisibleRange, type ListRange } from './visible-range.ts';

/** Row heights as quote-row.module.css sets them (Nastaliq needs taller lines). The list places rows by them. */
export function rowHeight(lang: string): number {
  return lang === 'ur-PK' ? 68 : 64;
}
const INITIAL_VISIBLE = 14;
/**
 * Rows rendered (and streamed) beyond each edge of the viewport. Every rendered row streams, so it never shows
 * '--' when it scrolls in; one row each side keeps that cost small (three streamed a third more rows than the
 * ~11 on screen, about a point of the main thread in the stream bench).
 */
const OVERSCAN_ROWS = 1;
const NONE: readonly string[] = [];
/*
 * Rows are keyed by position, not symbol: when the live sort moves a symbol, the row on screen stays where it is
 * and shows the other symbol (its worker cell is retargeted, not rebuilt). Keyed by symbol, React moved the rows'
 * nodes on every re-sort, which the browser counts as layout shift (Markets measured CLS 0.11–0.15 in Urdu).
 */

export function visibleSlice(symbols: readonly string[], range: ListRange | null): string[] {
  if (!range) return symbols.slice(0, INITIAL_VISIBLE);
  return symbols.slice(Math.max(0, range.startIndex), range.endIndex + 1);
}

export function QuoteList({ symbols, testId }: { symbols: readonly string[]; testId?: string }) {
  const instruments = useInstruments();
  const height = rowHeight(useTranslation().i18n.language);
  const body = useRef<HTMLDivElement>(null);
  const range = useVisibleRange(body, symbols.length, height, height * OVERSCAN_ROWS, INITIAL_VISIBLE);
  const visible = useMemo(() => visibleSlice(symbols, range), [symbols, range]);
  // Worker-painted rows need no tickers on this thread: each row's canvas is the worker's to draw.
  useMarketSubscription(usePaintMode() === 'worker' ? NONE : visible);
  // Full height, so the page scrolls as if every row were there; the rows on screen are moved into place
  // (style props are set through the CSSOM, which the CSP allows).
  return (
    <div data-testid={testId}>
      <div ref={body} style={{ blockSize: symbols.length * height, position: 'relative' }}>
        <div style={{ transform: `translateY(${range.startIndex * height}px)` }}>
          {visible.map((sym, k) => (
            <QuoteRow key={range.startIndex + k} symbol={sym} inst={instruments[sym]} />
          ))}
        </div>
      </div>
    </div>
  );
}
