// Test doubles for painted row cells (workers/protocol/quote-cell.ts): a 2D context that records what is
// drawn (text with its font and colour, filled round rects with their colour), measuring 7 px per character,
// and a surface (an OffscreenCanvas stand-in) that hands it out. Also a theme and a layout to draw with.
import type {
  CellContext,
  CellSurface,
  QuoteCellLayout,
  QuoteCellTheme,
} from '../../../workers/protocol/quote-cell.ts';

/** measureText's width per character. */
export const CHAR_W = 7;

export interface TextOp {
  kind: 'text';
  text: string;
  x: number;
  y: number;
  font: string;
  fillStyle: unknown;
  textAlign: string;
}

export interface RectOp {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  r: number;
  /** The fill style when fill() was called. */
  fillStyle: unknown;
}

export type DrawOp =
  | TextOp
  | RectOp
  | { kind: 'clear'; x: number; y: number; w: number; h: number }
  | { kind: 'transform'; m: number[] };

export class RecordingContext implements CellContext {
  fillStyle: unknown = '#000';
  font = '10px sans-serif';
  textAlign: CellContext['textAlign'] = 'start';
  textBaseline: CellContext['textBaseline'] = 'alphabetic';
  direction: CellContext['direction'] = 'inherit';
  readonly ops: DrawOp[] = [];
  private path: Omit<RectOp, 'kind' | 'fillStyle'>[] = [];

  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    this.ops.push({ kind: 'transform', m: [a, b, c, d, e, f] });
  }
  clearRect(x: number, y: number, w: number, h: number): void {
    this.ops.push({ kind: 'clear', x, y, w, h });
  }
  fillText(text: string, x: number, y: number): void {
    const { font, fillStyle, textAlign } = this;
    this.ops.push({ kind: 'text', text, x, y, font, fillStyle, textAlign });
  }
  measureText(text: string): { width: number } {
    return { width: text.length * CHAR_W };
  }
  beginPath(): void {
    this.path = [];
  }
  roundRect(x: number, y: number, w: number, h: number, r: number): void {
    this.path.push({ x, y, w, h, r });
  }
  fill(): void {
    for (const p of this.path) this.ops.push({ kind: 'rect', ...p, fillStyle: this.fillStyle });
  }

  texts(): TextOp[] {
    return this.ops.filter((o): o is TextOp => o.kind === 'text');
  }
  rects(): RectOp[] {
    return this.ops.filter((o): o is RectOp => o.kind === 'rect');
  }
  /** The texts drawn since the last clearRect (what the canvas shows now). */
  shown(): string[] {
    const at = this.ops.map((o) => o.kind).lastIndexOf('clear');
    return this.ops
      .slice(at + 1)
      .filter((o): o is TextOp => o.kind === 'text')
      .map((o) => o.text);
  }
  /** The rects drawn since the last clearRect. */
  shownRects(): RectOp[] {
    const at = this.ops.map((o) => o.kind).lastIndexOf('clear');
    return this.ops.slice(at + 1).filter((o): o is RectOp => o.kind === 'rect');
  }
  /** How many times the cell was drawn (each draw starts with a clearRect). */
  draws(): number {
    return this.ops.filter((o) => o.kind === 'clear').length;
  }
  reset(): void {
    this.ops.splice(0);
  }
}

export class FakeSurface implements CellSurface {
  readonly ctx = new RecordingContext();
  constructor(
    public width = 300,
    public height = 150,
  ) {}
  getContext(kind: '2d'): RecordingContext {
    if (kind !== '2d') throw new Error(`no ${String(kind)} context`);
    return this.ctx;
  }
}

export const THEME: QuoteCellTheme = {
  numFont: 'NumFace',
  textFont: 'TextFace',
  text: 'c-text',
  text2: 'c-text2',
  text3: 'c-text3',
  up: 'c-up',
  down: 'c-down',
  pillUp: 'c-pill-up',
  pillDown: 'c-pill-down',
  pillFlat: 'c-pill-flat',
  flashUp: 'c-flash-up',
  flashDown: 'c-flash-down',
  noFlash: false,
};

export function layout(over: Partial<QuoteCellLayout> = {}): QuoteCellLayout {
  return {
    width: 204,
    height: 64,
    dpr: 1,
    rtl: false,
    volLabel: 'Vol',
    volLineHeight: 14,
    labelTemplate: 'Price {price}, change {change}, volume {volume}',
    ...over,
  };
}
