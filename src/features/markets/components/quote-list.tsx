// A long, virtualised list of market rows. Only the rows on screen (plus a small overscan) are subscribed
// to live tickers: Virtuoso reports the visible range and useMarketSubscription follows it.
import { useCallback, useMemo, useState } from 'react';
import { Virtuoso, type ListRange } from 'react-virtuoso';
import { useInstruments } from '../instruments.ts';
import { useMarketSubscription } from '../live.ts';
import { QuoteRow } from './quote-row.tsx';

const ROW_HEIGHT = 64;
const INITIAL_VISIBLE = 14;

export function visibleSlice(symbols: readonly string[], range: ListRange | null): string[] {
  if (!range) return symbols.slice(0, INITIAL_VISIBLE);
  return symbols.slice(Math.max(0, range.startIndex), range.endIndex + 1);
}

export function QuoteList({ symbols, testId }: { symbols: readonly string[]; testId?: string }) {
  const instruments = useInstruments();
  const [range, setRange] = useState<ListRange | null>(null);
  const visible = useMemo(() => visibleSlice(symbols, range), [symbols, range]);
  useMarketSubscription(visible);
  const onRange = useCallback((r: ListRange) => {
    setRange((prev) => (prev && prev.startIndex === r.startIndex && prev.endIndex === r.endIndex ? prev : r));
  }, []);
  return (
    <div className="quote-list" data-testid={testId}>
      <Virtuoso
        useWindowScroll
        data={symbols as string[]}
        fixedItemHeight={ROW_HEIGHT}
        initialItemCount={Math.min(symbols.length, INITIAL_VISIBLE)}
        increaseViewportBy={ROW_HEIGHT * 3}
        computeItemKey={(_, sym) => sym}
        rangeChanged={onRange}
        itemContent={(_, sym) => <QuoteRow symbol={sym} inst={instruments[sym]} />}
      />
    </div>
  );
}
