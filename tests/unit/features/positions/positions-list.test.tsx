// @vitest-environment jsdom
// The positions list's windowing with 10,000 rows: only a window around the viewport is mounted, scrolling
// moves it (reusing the row elements), the window's symbols are what gets subscribed, and a scroll inside the
// same window renders nothing.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PositionRowView } from '../../../../src/features/positions/positions-live.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';

const subscribed: string[][] = [];
const rowReads = vi.fn();

vi.mock('../../../../src/features/positions/positions-live.ts', () => ({
  usePositionRow: (s: string): PositionRowView => {
    rowReads(s);
    return {
      symbol: s,
      nameEn: `${s} Ltd`,
      nameUr: s,
      qty: '100',
      available: '100',
      locked: '0',
      avgCost: '10.00',
      last: '10.50',
      marketValue: '1,050.00',
      pnl: '+50.00',
      pnlPct: '+5.00%',
      dir: 'up',
      todayPnl: '+20.00',
      todayPnlPct: '+1.94%',
      todayDir: 'up',
    };
  },
  useVisiblePositions: (symbols: readonly string[]) => void subscribed.push([...symbols]),
}));

const { PositionsList, rowWindow } = await import('../../../../src/features/positions/positions-list.tsx');
const { POSITION_ROW_H } = await import('../../../../src/features/positions/position-row.tsx');

const symbols = Array.from({ length: 10_000 }, (_, i) => `S${String(i).padStart(5, '0')}`);

function scrollTo(y: number): void {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => void window.dispatchEvent(new Event('scroll')));
}

const shown = () => screen.getAllByTestId('position-row').map((b) => b.getAttribute('data-symbol'));

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(() => {
  cleanup();
  scrollTo(0);
  subscribed.length = 0;
  rowReads.mockClear();
});

describe('rowWindow', () => {
  const h = POSITION_ROW_H;
  it('covers the viewport plus seven rows each side, clamped to the list', () => {
    // 800 px viewport: 11 rows (ceil) + 1 partly shown + 7 + 7.
    expect(rowWindow(0, 800, 10_000, h)).toEqual({ start: 0, end: 26, slots: 26 });
    expect(rowWindow(100 * h + 10, 800, 10_000, h)).toEqual({ start: 93, end: 119, slots: 26 });
    expect(rowWindow(10_000 * h, 800, 10_000, h)).toEqual({ start: 9_974, end: 10_000, slots: 26 });
    expect(rowWindow(0, 800, 5, h)).toEqual({ start: 0, end: 5, slots: 26 });
    expect(rowWindow(-300, 800, 10_000, h)).toEqual({ start: 0, end: 26, slots: 26 });
  });

  it('keeps the current window while two rows to spare remain beyond each edge, then re-centres', () => {
    const top = rowWindow(0, 800, 10_000, h);
    // Down: the viewport's bottom may reach row 24's top (rows 24 and 25 left below it).
    expect(rowWindow(24 * h - 800, 800, 10_000, h, top)).toBe(top);
    expect(rowWindow(24 * h - 799, 800, 10_000, h, top)).toEqual({ start: 6, end: 32, slots: 26 });
    // Up: the viewport's top may reach row start + 2.
    const mid = rowWindow(100 * h, 800, 10_000, h);
    expect(mid).toEqual({ start: 93, end: 119, slots: 26 });
    expect(rowWindow(95 * h, 800, 10_000, h, mid)).toBe(mid);
    expect(rowWindow(95 * h - 1, 800, 10_000, h, mid)).toEqual({ start: 87, end: 113, slots: 26 });
    // At the list's ends there is nothing beyond: no spare rows are needed there.
    const end = rowWindow(10_000 * h, 800, 10_000, h);
    expect(rowWindow(10_000 * h - 800, 800, 10_000, h, end)).toBe(end);
    // A window that no longer fits (the list or the viewport changed) is recomputed.
    expect(rowWindow(0, 800, 10, h, top)).toEqual({ start: 0, end: 10, slots: 26 });
    expect(rowWindow(0, 400, 10_000, h, top)).toEqual({ start: 0, end: 21, slots: 21 });
  });
});

describe('PositionsList', () => {
  it('mounts only the window of 10,000 rows and subscribes it plus six rows each side', () => {
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    render(<PositionsList symbols={symbols} onOpen={() => undefined} />);
    expect(shown()).toEqual(symbols.slice(0, 26));
    expect(subscribed.at(-1)).toEqual(symbols.slice(0, 32));
    const body = screen.getByTestId('positions-body');
    expect(body.style.blockSize).toBe(`${10_000 * POSITION_ROW_H}px`);
  });

  it('moves the window with the scroll, reusing row elements, and renders nothing inside one window', () => {
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    render(<PositionsList symbols={symbols} onOpen={() => undefined} />);
    const first = screen.getAllByTestId('position-row');
    const reads = rowReads.mock.calls.length;
    scrollTo(20); // still rows 0..25
    scrollTo(24 * POSITION_ROW_H - 800); // two spare rows below: still rows 0..25
    expect(rowReads.mock.calls.length).toBe(reads);
    expect(subscribed.at(-1)).toEqual(symbols.slice(0, 32));

    scrollTo(14 * POSITION_ROW_H); // first row on screen is 14: window 7..32
    expect(shown()).toEqual(symbols.slice(7, 33));
    expect(subscribed.at(-1)).toEqual(symbols.slice(1, 39));
    // Rows 0..6's elements now show rows 26..32; every other element kept its row, in order.
    const after = screen.getAllByTestId('position-row');
    expect(after.slice(0, 19)).toEqual(first.slice(7));
    expect(after.slice(19)).toEqual(first.slice(0, 7));
    expect(after[19]!.getAttribute('data-symbol')).toBe(symbols[26]);
    // Only the reused rows rendered again.
    expect(rowReads.mock.calls.slice(reads).map(([s]) => s as string)).toEqual(symbols.slice(26, 33));

    scrollTo(5_000 * POSITION_ROW_H);
    expect(shown()).toEqual(symbols.slice(4_993, 5_019));
    const win = screen.getByTestId('positions-window');
    expect(win.style.transform).toBe(`translateY(${4_993 * POSITION_ROW_H}px)`);
  });
});

describe('PositionsList with an IntersectionObserver (as in a browser)', () => {
  /** Records what it watches; the test reports intersections by calling its callback. */
  class FakeObserver {
    static last: FakeObserver | null = null;
    readonly watched = new Set<Element>();
    readonly log: string[] = [];
    constructor(readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void) {
      FakeObserver.last = this;
    }
    observe(el: Element) {
      this.watched.add(el);
      this.log.push('observe');
    }
    unobserve(el: Element) {
      this.watched.delete(el);
      this.log.push('unobserve');
    }
    disconnect() {
      this.watched.clear();
    }
    takeRecords() {
      return [];
    }
  }

  afterEach(() => void vi.unstubAllGlobals());

  it('moves the window when a guard comes into view, not on scroll events, and re-watches the guards', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    render(<PositionsList symbols={symbols} onOpen={() => undefined} />);
    const io = FakeObserver.last!;
    const list = screen.getByTestId('positions-list');
    const [above, below] = within(list).getAllByTestId('positions-guard');
    expect([...io.watched]).toEqual([above, below]);
    // Window 0..25: nothing above it; below, from row 24 (two spare rows) to the list's end.
    expect(above!.style.blockSize).toBe('0px');
    expect(below!.style.insetBlockStart).toBe(`${24 * POSITION_ROW_H}px`);
    expect(below!.style.blockSize).toBe(`${(10_000 - 24) * POSITION_ROW_H}px`);

    scrollTo(14 * POSITION_ROW_H); // a scroll event alone moves nothing: the observer decides
    expect(shown()).toEqual(symbols.slice(0, 26));
    act(() => io.report([{ target: below!, isIntersecting: false }]));
    expect(shown()).toEqual(symbols.slice(0, 26));

    io.log.length = 0;
    act(() => io.report([{ target: below!, isIntersecting: true }]));
    expect(shown()).toEqual(symbols.slice(7, 33));
    expect(above!.style.blockSize).toBe(`${9 * POSITION_ROW_H}px`);
    expect(below!.style.insetBlockStart).toBe(`${31 * POSITION_ROW_H}px`);
    // Watched afresh, so a guard still in view after a fast scroll is reported again.
    expect(io.log).toEqual(['unobserve', 'observe', 'unobserve', 'observe']);
    expect(io.watched.size).toBe(2);
  });
});
