// Draws the market rows' live cells (price, volume, change pill) straight into canvases the app transferred
// to this worker, so a tick reaches the screen without any main-thread task (see protocol/quote-cell.ts for
// why). The service hands it each ticker flush of the painted symbols; it keeps per symbol what it drew
// (figures, the flash rule) and per cell the accessible label it last posted.
import type { Ticker } from '../../protocol/market.ts';
import type { CellLabel } from '../../protocol/market-api.ts';
import {
  canvasSize,
  cellLabel,
  FLASH_SHOW_MS,
  paintQuoteCell,
  shouldFlash,
  toneOf,
  type CellContext,
  type CellSurface,
  type QuoteCellLayout,
  type QuoteCellTheme,
  type QuoteFigures,
} from '../../protocol/quote-cell.ts';
import { abbreviateDecimal, groupDecimal, signedPercent } from '../display.ts';

/** A cell's accessible label is posted at most this often: a screen reader reads it, it does not watch it. */
export const LABEL_MS = 1000;

interface Cell {
  id: number;
  symbol: string;
  surface: CellSurface;
  ctx: CellContext | null;
  layout: QuoteCellLayout;
  /** Wall time of the last label posted, and the label itself. */
  labelAt: number;
  label: string | null;
}

interface SymbolPaint {
  figures: QuoteFigures | null;
  price: number;
  /** Ticker time of the last flash; wall time the one showing started (null: none showing). */
  lastFlashTs: number | undefined;
  flashSince: number | null;
  cells: Set<Cell>;
}

/** The figures a ticker shows, from its exact wire decimals (string formatting, no float arithmetic). */
export function tickerFigures(t: Ticker, flash: QuoteFigures['flash']): QuoteFigures {
  return {
    price: groupDecimal(t.p),
    volume: abbreviateDecimal(t.v),
    changePct: signedPercent(t.cp),
    tone: toneOf(+t.cp),
    flash,
  };
}

export class CellPainter {
  private readonly cells = new Map<number, Cell>();
  private readonly symbols = new Map<string, SymbolPaint>();
  /** Cells whose label changed but was posted less than LABEL_MS ago. */
  private readonly labelDue = new Set<Cell>();
  private theme: QuoteCellTheme | null = null;

  /**
   * @param now wall clock (ms)
   * @param painted called with the feed time of each ticker drawn (the bench's tick-to-paint marks)
   */
  constructor(
    private readonly now: () => number,
    private readonly painted?: (feedTime: number) => void,
  ) {}

  get size(): number {
    return this.cells.size;
  }

  /** Starts drawing `symbol` into `surface`; draws it at once with `current` (or placeholders). */
  attach(id: number, surface: CellSurface, symbol: string, layout: QuoteCellLayout, current?: Ticker): void {
    this.detach(id);
    const cell: Cell = { id, symbol, surface, ctx: null, layout, labelAt: 0, label: null };
    this.size_(cell);
    cell.ctx = surface.getContext('2d') as CellContext | null;
    this.cells.set(id, cell);
    const sp = this.paintOf(symbol, current);
    sp.cells.add(cell);
    this.draw(cell, sp);
    this.noteLabel(cell, sp);
  }

  /**
   * The cell now shows `symbol` (a list re-sorted: rows keep their place on the page, their symbols move), drawn
   * at once. Returns the symbol it showed when no other cell shows it any more (the caller stops tracking it).
   */
  retarget(id: number, symbol: string, current?: Ticker): string | undefined {
    const cell = this.cells.get(id);
    if (!cell || cell.symbol === symbol) return undefined;
    const released = this.leave(cell);
    cell.symbol = symbol;
    cell.label = null;
    cell.labelAt = 0;
    const sp = this.paintOf(symbol, current);
    sp.cells.add(cell);
    this.draw(cell, sp);
    this.noteLabel(cell, sp);
    return released;
  }

  /** What is drawn for `symbol`, created (with `current`'s figures) when no cell shows it yet. */
  private paintOf(symbol: string, current?: Ticker): SymbolPaint {
    let sp = this.symbols.get(symbol);
    if (!sp) {
      sp = { figures: null, price: NaN, lastFlashTs: undefined, flashSince: null, cells: new Set() };
      if (current) {
        sp.figures = tickerFigures(current, null);
        sp.price = +current.p;
      }
      this.symbols.set(symbol, sp);
    }
    return sp;
  }

  /** Takes the cell off its symbol; returns the symbol when no other cell shows it. */
  private leave(cell: Cell): string | undefined {
    const sp = this.symbols.get(cell.symbol);
    sp?.cells.delete(cell);
    if (sp && !sp.cells.size) {
      this.symbols.delete(cell.symbol);
      return cell.symbol;
    }
    return undefined;
  }

  /** Whether cell `id` draws `symbol`. */
  shows(id: number, symbol: string): boolean {
    return this.cells.get(id)?.symbol === symbol;
  }

  /** New box (the canvas was resized, the language changed). */
  relayout(id: number, layout: QuoteCellLayout): void {
    const cell = this.cells.get(id);
    const sp = cell && this.symbols.get(cell.symbol);
    if (!cell || !sp) return;
    cell.layout = layout;
    this.size_(cell);
    this.draw(cell, sp);
    this.noteLabel(cell, sp);
  }

  /** Stops drawing the cell; returns its symbol when no other cell shows it (the caller stops tracking it). */
  detach(id: number): string | undefined {
    const cell = this.cells.get(id);
    if (!cell) return undefined;
    this.cells.delete(id);
    this.labelDue.delete(cell);
    return this.leave(cell);
  }

  setTheme(theme: QuoteCellTheme): void {
    this.theme = theme;
    for (const cell of this.cells.values()) this.draw(cell, this.symbols.get(cell.symbol)!);
  }

  /** Draws everything again (a font finished loading). */
  repaintAll(): void {
    for (const cell of this.cells.values()) this.draw(cell, this.symbols.get(cell.symbol)!);
  }

  /**
   * One flush: draws the painted symbols' new tickers (one per symbol, coalesced by the caller), clears
   * flashes that have shown FLASH_SHOW_MS, and returns the accessible labels that are due.
   */
  flush(tickers: readonly Ticker[]): CellLabel[] {
    const now = this.now();
    for (const t of tickers) {
      const sp = this.symbols.get(t.s);
      if (!sp) continue;
      const price = +t.p;
      const moved = !Number.isNaN(sp.price) && price !== sp.price;
      let flash: QuoteFigures['flash'] = null;
      if (shouldFlash(moved, t.t, sp.lastFlashTs)) {
        sp.lastFlashTs = t.t;
        sp.flashSince = now;
        flash = price > sp.price ? 'up' : 'down';
      } else if (sp.flashSince !== null && now - sp.flashSince < FLASH_SHOW_MS) {
        flash = sp.figures?.flash ?? null;
      } else sp.flashSince = null;
      sp.price = price;
      sp.figures = tickerFigures(t, flash);
      for (const cell of sp.cells) {
        this.draw(cell, sp);
        this.noteLabel(cell, sp);
      }
      if (this.theme) this.painted?.(t.t);
    }
    for (const sp of this.symbols.values()) {
      if (sp.flashSince === null || now - sp.flashSince < FLASH_SHOW_MS) continue;
      sp.flashSince = null;
      if (sp.figures?.flash) {
        sp.figures = { ...sp.figures, flash: null };
        for (const cell of sp.cells) this.draw(cell, sp);
      }
    }
    return this.dueLabels(now);
  }

  /** Every cell's label again (a new listener knows none). */
  resendLabels(): void {
    for (const cell of this.cells.values()) {
      cell.label = null;
      cell.labelAt = 0;
      this.noteLabel(cell, this.symbols.get(cell.symbol)!);
    }
  }

  private size_(cell: Cell): void {
    const { w, h } = canvasSize(cell.layout);
    if (cell.surface.width !== w) cell.surface.width = w;
    if (cell.surface.height !== h) cell.surface.height = h;
  }

  private draw(cell: Cell, sp: SymbolPaint): void {
    if (cell.ctx && this.theme) paintQuoteCell(cell.ctx, cell.layout, this.theme, sp.figures);
  }

  private noteLabel(cell: Cell, sp: SymbolPaint): void {
    if (cellLabel(cell.layout.labelTemplate, sp.figures) !== cell.label) this.labelDue.add(cell);
  }

  private dueLabels(now: number): CellLabel[] {
    const out: CellLabel[] = [];
    for (const cell of this.labelDue) {
      if (cell.label !== null && now - cell.labelAt < LABEL_MS) continue;
      const label = cellLabel(cell.layout.labelTemplate, this.symbols.get(cell.symbol)!.figures);
      this.labelDue.delete(cell);
      if (label === cell.label) continue;
      cell.label = label;
      cell.labelAt = now;
      out.push({ id: cell.id, label });
    }
    return out;
  }
}
