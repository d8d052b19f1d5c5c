// The baseline's row cells: the same canvases the app hands the worker (it transfers each row's canvas and
// calls attachCell), but drawn here on the main thread, synchronously, every time the row's ticker atom
// changes — what an app without a worker has to do to show the same pixels. Labels go back to the app the
// way the worker sends them (a batch's cellLabels, at most once a second per cell).
import type { CellLabel } from '../../workers/protocol/market-api.ts';
import type { BatchListener } from '../../workers/protocol/worker-api.ts';
import {
  canvasSize,
  cellLabel,
  paintQuoteCell,
  toneOf,
  type CellContext,
  type QuoteCellLayout,
  type QuoteCellTheme,
  type QuoteFigures,
} from '../../workers/protocol/quote-cell.ts';
import { tickerAtomFamily, type TickerView } from '../../src/market/atoms.ts';
import type { MarketStore } from '../../src/market/market-port.ts';

/** As the worker's painter (cell-painter.ts LABEL_MS). */
const LABEL_MS = 1000;

interface Cell {
  canvas: OffscreenCanvas;
  symbol: string;
  layout: QuoteCellLayout;
  unsub: () => void;
  label: string | null;
}

/** The figures the old main-thread cell drew from the atom's view (flash = the tint of the last move). */
function figures(v: TickerView | null): QuoteFigures | null {
  if (!v) return null;
  return {
    price: v.price,
    volume: v.volume,
    changePct: v.changePct,
    tone: toneOf(v.changePctValue),
    flash: v.flashing > 0 ? 'up' : v.flashing < 0 ? 'down' : null,
  };
}

export function createNaiveCells(store: MarketStore, shown: (feedTime: number) => void) {
  const cells = new Map<number, Cell>();
  let theme: QuoteCellTheme | null = null;
  let listener: BatchListener | null = null;

  /** `tick`: a new ticker for the cell (a tick-to-paint mark), not a relayout or theme change. */
  const paint = (id: number, cell: Cell, tick = false) => {
    const view = store.get(tickerAtomFamily(cell.symbol));
    const f = figures(view);
    const { w, h } = canvasSize(cell.layout);
    if (cell.canvas.width !== w) cell.canvas.width = w;
    if (cell.canvas.height !== h) cell.canvas.height = h;
    const ctx = cell.canvas.getContext('2d') as CellContext | null;
    if (ctx && theme) paintQuoteCell(ctx, cell.layout, theme, f);
    if (tick && view) shown(view.ts);
    cell.label = cellLabel(cell.layout.labelTemplate, f);
    labelDue.add(id);
  };

  const labelDue = new Set<number>();
  setInterval(() => {
    if (!labelDue.size || !listener) return;
    const labels: CellLabel[] = [];
    for (const id of labelDue) {
      const label = cells.get(id)?.label;
      if (label) labels.push({ id, label });
    }
    labelDue.clear();
    if (labels.length) listener({ cellLabels: labels });
  }, LABEL_MS);

  return {
    /** The app's batch listener (the bridge's), for the labels. */
    listen(l: BatchListener) {
      listener = l;
    },
    attach(id: number, canvas: OffscreenCanvas, symbol: string, layout: QuoteCellLayout) {
      this.detach(id);
      const cell: Cell = { canvas, symbol, layout, label: null, unsub: () => {} };
      cell.unsub = store.sub(tickerAtomFamily(symbol), () => paint(id, cell, true));
      cells.set(id, cell);
      paint(id, cell);
    },
    relayout(id: number, layout: QuoteCellLayout) {
      const cell = cells.get(id);
      if (!cell) return;
      cell.layout = layout;
      paint(id, cell);
    },
    detach(id: number) {
      cells.get(id)?.unsub();
      cells.delete(id);
      labelDue.delete(id);
    },
    setTheme(next: QuoteCellTheme) {
      theme = next;
      for (const [id, cell] of cells) paint(id, cell);
    },
  };
}
