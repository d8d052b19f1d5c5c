// The virtualised positions list (smooth with 10,000 rows): fixed-height rows, window scrolling, and the
// visible range reported so only the positions on screen stream prices.
import { useCallback, useMemo, useState } from 'react';
import { Virtuoso, type ListRange } from 'react-virtuoso';
import { POSITION_ROW_H, PositionRow, PositionsHeader } from './position-row.tsx';
import { useVisiblePositions } from './positions-live.ts';

const INITIAL = 10;

export function PositionsList({
  symbols,
  onOpen,
}: {
  symbols: readonly string[];
  onOpen: (symbol: string) => void;
}) {
  const [range, setRange] = useState<ListRange | null>(null);
  const visible = useMemo(
    () => (range ? symbols.slice(range.startIndex, range.endIndex + 1) : symbols.slice(0, INITIAL)),
    [symbols, range],
  );
  useVisiblePositions(visible);
  const onRange = useCallback((r: ListRange) => {
    setRange((prev) => (prev && prev.startIndex === r.startIndex && prev.endIndex === r.endIndex ? prev : r));
  }, []);
  return (
    <div className="pos-list" data-testid="positions-list">
      <PositionsHeader />
      <Virtuoso
        useWindowScroll
        data={symbols as string[]}
        fixedItemHeight={POSITION_ROW_H}
        initialItemCount={Math.min(symbols.length, INITIAL)}
        increaseViewportBy={POSITION_ROW_H * 3}
        computeItemKey={(_, s) => s}
        rangeChanged={onRange}
        itemContent={(_, s) => <PositionRow symbol={s} onOpen={onOpen} />}
      />
    </div>
  );
}
