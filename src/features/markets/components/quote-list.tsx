// A long, virtualised list of market rows. Only the rows on screen (plus a small overscan) are subscribed
// to live tickers: Virtuoso reports the visible range and useMarketSubscription follows it.
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type ListRange } from 'react-virtuoso';
import { useInstruments } from '../instruments.ts';
import { useMarketSubscription, usePaintMode } from '../live.ts';
import { QuoteRow } from './quote-row.tsx';

/** Row heights as quote-row.module.css sets them (Nastaliq needs taller lines). Virtuoso places rows by them. */
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
  const [range, setRange] = useState<ListRange | null>(null);
  const visible = useMemo(() => visibleSlice(symbols, range), [symbols, range]);
  // Worker-painted rows need no tickers on this thread: each row's canvas is the worker's to draw.
  useMarketSubscription(usePaintMode() === 'worker' ? NONE : visible);
  const onRange = useCallback((r: ListRange) => {
    setRange((prev) => (prev && prev.startIndex === r.startIndex && prev.endIndex === r.endIndex ? prev : r));
  }, []);
  return (
    <div data-testid={testId}>
      <Virtuoso
        useWindowScroll
        data={symbols as string[]}
        fixedItemHeight={height}
        initialItemCount={Math.min(symbols.length, INITIAL_VISIBLE)}
        increaseViewportBy={height * OVERSCAN_ROWS}
        computeItemKey={(index) => index}
        rangeChanged={onRange}
        itemContent={(_, sym) => <QuoteRow symbol={sym} inst={instruments[sym]} />}
      />
    </div>
  );
}
