// @vitest-environment jsdom
// The app's side of worker-painted cells (src/market/cells.ts): which way a page paints, the canvas a row
// hands over (labelled from the start), its transfer once its size is known, relayouts, labels from batches
// and the detach. jsdom has neither OffscreenCanvas nor ResizeObserver, so both are stood in for here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketPort } from '../../../src/market/market-port.ts';
import type { QuoteCellLayout } from '../../../workers/protocol/quote-cell.ts';
import {
  applyCellLabels,
  attachWorkerCell,
  cellFontsFor,
  paintMode,
  resetCells,
  type CellWords,
} from '../../../src/market/cells.ts';

const WORDS: CellWords = {
  volLabel: 'Vol',
  labelTemplate: 'Price {price}, change {change}, volume {volume}',
  rtl: false,
};

class FakeResizeObserver {
  static last: FakeResizeObserver | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(private readonly cb: ResizeObserverCallback) {
    FakeResizeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  /** Reports a content box of this size. */
  size(width: number, height: number) {
    this.cb([{ contentRect: { width, height } } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
}

function fakePort() {
  const calls: string[] = [];
  const port = {
    init: () => {},
    onBatch: () => {},
    subscribe: () => {},
    unsubscribe: () => {},
    setHidden: () => {},
    status: () => ({ state: 'live' as const, lastUpdate: null, since: 0 }),
    loadOlderCandles: () => 0,
    attachCell: vi.fn((id: number, _c: unknown, symbol: string, _l: QuoteCellLayout) =>
      calls.push(`attach ${id} ${symbol}`),
    ),
    relayoutCell: vi.fn((id: number, _l: QuoteCellLayout) => calls.push(`relayout ${id}`)),
    detachCell: vi.fn((id: number) => calls.push(`detach ${id}`)),
    setCellTheme: vi.fn(() => calls.push('theme')),
  } satisfies MarketPort;
  return { port, calls };
}

const proto = HTMLCanvasElement.prototype as unknown as { transferControlToOffscreen?: () => object };

beforeEach(() => {
  resetCells();
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  proto.transferControlToOffscreen = vi.fn(() => ({ offscreen: true }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete proto.transferControlToOffscreen;
  document.body.innerHTML = '';
});

describe('paint mode', () => {
  it('is the worker when the port paints and canvases can be transferred, else DOM text', () => {
    const { port } = fakePort();
    expect(paintMode(port)).toBe('worker');
    const { attachCell: _drop, ...noCells } = port;
    expect(paintMode(noCells)).toBe('dom');
    delete proto.transferControlToOffscreen;
    expect(paintMode(port)).toBe('dom');
  });
});

describe('a worker-painted cell', () => {
  it('makes a labelled canvas, hands it over once sized, relayouts, takes labels and detaches', () => {
    const { port, calls } = fakePort();
    const host = document.createElement('span');
    document.body.append(host);
    const cell = attachWorkerCell(port, host, 'cell-1', 'HBL', WORDS);

    const canvas = host.querySelector('canvas')!;
    expect(canvas.id).toBe('cell-1');
    expect(canvas.getAttribute('role')).toBe('img');
    expect(canvas.getAttribute('aria-label')).toBe('Price --, change --, volume --');
    expect(calls).toEqual([]); // nothing is sent before the size is known

    const ro = FakeResizeObserver.last!;
    expect(ro.observed).toEqual([canvas]);
    ro.size(204, 64);
    expect(calls).toEqual(['theme', expect.stringMatching(/^attach \d+ HBL$/)]);
    const id = port.attachCell.mock.calls[0]![0];
    const layout = port.attachCell.mock.calls[0]![3];
    expect(layout).toMatchObject({ width: 204, height: 64, rtl: false, volLabel: 'Vol' });
    expect(layout.labelTemplate).toBe(WORDS.labelTemplate);
    expect(proto.transferControlToOffscreen).toHaveBeenCalledTimes(1);

    ro.size(204, 64); // same box: nothing
    expect(calls).toHaveLength(2);
    ro.size(204, 68);
    cell.relayout({ ...WORDS, volLabel: 'حجم', rtl: true });
    expect(calls.slice(2)).toEqual([`relayout ${id}`, `relayout ${id}`]);
    expect(port.relayoutCell.mock.calls[1]![1]).toMatchObject({ height: 68, rtl: true, volLabel: 'حجم' });
    expect(proto.transferControlToOffscreen).toHaveBeenCalledTimes(1); // a canvas is handed over once

    applyCellLabels([{ id, label: 'Price 150.10, change +2.50%, volume 1.23M' }]);
    expect(canvas.getAttribute('aria-label')).toBe('Price 150.10, change +2.50%, volume 1.23M');

    cell.detach();
    expect(ro.disconnected).toBe(true);
    expect(host.querySelector('canvas')).toBeNull();
    expect(calls.at(-1)).toBe(`detach ${id}`);
    applyCellLabels([{ id, label: 'late' }]); // a label for a gone cell is ignored
    expect(canvas.getAttribute('aria-label')).not.toBe('late');
  });

  it('is never handed to the worker if it goes before its size is known', () => {
    const { port, calls } = fakePort();
    const host = document.createElement('span');
    const cell = attachWorkerCell(port, host, 'cell-2', 'OGDC', WORDS);
    cell.detach();
    expect(calls).toEqual([]);
    expect(proto.transferControlToOffscreen).not.toHaveBeenCalled();
  });

  it('draws again at the new resolution when the device pixel ratio changes', () => {
    const queries: { media: string; listeners: Set<() => void> }[] = [];
    vi.stubGlobal('devicePixelRatio', 1);
    vi.stubGlobal('matchMedia', (media: string) => {
      const q = { media, listeners: new Set<() => void>() };
      queries.push(q);
      return {
        matches: false,
        media,
        addEventListener: (_: string, l: () => void) => q.listeners.add(l),
        removeEventListener: (_: string, l: () => void) => q.listeners.delete(l),
      };
    });
    const { port } = fakePort();
    attachWorkerCell(port, document.createElement('span'), 'c-dpr', 'HBL', WORDS);
    FakeResizeObserver.last!.size(204, 64);
    expect(port.attachCell.mock.calls[0]![3].dpr).toBe(1);
    const watch = queries.find((q) => q.media === '(resolution: 1dppx)')!;
    expect(watch.listeners.size).toBe(1);

    vi.stubGlobal('devicePixelRatio', 2); // zoomed in: same CSS box, twice the pixels
    for (const l of [...watch.listeners]) l();
    expect(port.relayoutCell).toHaveBeenCalledTimes(1);
    expect(port.relayoutCell.mock.calls[0]![1]).toMatchObject({ width: 204, height: 64, dpr: 2 });
    expect(watch.listeners.size).toBe(0);
    expect(queries.at(-1)!.media).toBe('(resolution: 2dppx)'); // and the new ratio is watched
  });

  it('sends the page theme once for many cells', () => {
    const { port } = fakePort();
    for (const s of ['A', 'B', 'C']) {
      attachWorkerCell(port, document.createElement('span'), `c-${s}`, s, WORDS);
      FakeResizeObserver.last!.size(204, 64);
    }
    expect(port.attachCell).toHaveBeenCalledTimes(3);
    expect(port.setCellTheme).toHaveBeenCalledTimes(1);
  });

  it('gives the worker the Nastaliq face only when the cells draw Urdu, so English never downloads it', () => {
    const theme = (textFont: string) => ({ textFont }) as Parameters<typeof cellFontsFor>[0];
    expect(cellFontsFor(theme("'Noto Nastaliq Urdu', system-ui")).map((f) => f.family)).toEqual([
      'Noto Nastaliq Urdu',
    ]);
    expect(cellFontsFor(theme('system-ui, sans-serif'))).toEqual([]);
  });
});
