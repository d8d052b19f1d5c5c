// @vitest-environment jsdom
// The positions list's windowing with 10,000 rows: only a window around the viewport is mounted, scrolling
// moves it (reusing the row elements), the window's symbols are what gets subscribed, and a scroll inside the
// same window renders nothing.
import { act, cleanup, render, screen } from '@testing-library/react';
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
  it('covers the viewport plus six rows each side, clamped to the list', () => {
    // 800 px viewport: 11 rows (ceil) + 1 partly shown + 6 + 6.
    expect(rowWindow(0, 800, 10_000, h)).toEqual({ start: 0, end: 24, slots: 24 });
    expect(rowWindow(100 * h + 10, 800, 10_000, h)).toEqual({ start: 94, end: 118, slots: 24 });
    expect(rowWindow(10_000 * h, 800, 10_000, h)).toEqual({ start: 9_976, end: 10_000, slots: 24 });
    expect(rowWindow(0, 800, 5, h)).toEqual({ start: 0, end: 5, slots: 24 });
    expect(rowWindow(-300, 800, 10_000, h)).toEqual({ start: 0, end: 24, slots: 24 });
  });

  it('keeps the current window while a row to spare remains beyond each edge, then re-centres', () => {
    const top = rowWindow(0, 800, 10_000, h);
    // Down: the viewport's bottom may reach row 23's top (one mounted row left below it).
    expect(rowWindow(23 * h - 800, 800, 10_000, h, top)).toBe(top);
    expect(rowWindow(23 * h - 799, 800, 10_000, h, top)).toEqual({ start: 6, end: 30, slots: 24 });
    // Up: the viewport's top may reach row start + 1.
    const mid = rowWindow(100 * h, 800, 10_000, h);
    expect(mid).toEqual({ start: 94, end: 118, slots: 24 });
    expect(rowWindow(95 * h, 800, 10_000, h, mid)).toBe(mid);
    expect(rowWindow(95 * h - 1, 800, 10_000, h, mid)).toEqual({ start: 88, end: 112, slots: 24 });
    // At the list's ends there is nothing beyond: no margin is needed there.
    const end = rowWindow(10_000 * h, 800, 10_000, h);
    expect(rowWindow(10_000 * h - 800, 800, 10_000, h, end)).toBe(end);
    // A window that no longer fits (the list or the viewport changed) is recomputed.
    expect(rowWindow(0, 800, 10, h, top)).toEqual({ start: 0, end: 10, slots: 24 });
    expect(rowWindow(0, 400, 10_000, h, top)).toEqual({ start: 0, end: 19, slots: 19 });
  });
});

describe('PositionsList', () => {
  it('mounts only the window of 10,000 rows and subscribes it plus six rows each side', () => {
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    render(<PositionsList symbols={symbols} onOpen={() => undefined} />);
    expect(shown()).toEqual(symbols.slice(0, 24));
    expect(subscribed.at(-1)).toEqual(symbols.slice(0, 30));
    const body = screen.getByTestId('positions-list').querySelector<HTMLElement>('.pos-list__body')!;
    expect(body.style.blockSize).toBe(`${10_000 * POSITION_ROW_H}px`);
  });

  it('moves the window with the scroll, reusing row elements, and renders nothing inside one window', () => {
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    render(<PositionsList symbols={symbols} onOpen={() => undefined} />);
    const first = screen.getAllByTestId('position-row');
    const reads = rowReads.mock.calls.length;
    scrollTo(20); // still rows 0..23
    scrollTo(23 * POSITION_ROW_H - 800); // the last spare row below: still rows 0..23
    expect(rowReads.mock.calls.length).toBe(reads);
    expect(subscribed.at(-1)).toEqual(symbols.slice(0, 30));

    scrollTo(13 * POSITION_ROW_H); // first row on screen is 13: window 7..30
    expect(shown()).toEqual(symbols.slice(7, 31));
    expect(subscribed.at(-1)).toEqual(symbols.slice(1, 37));
    // Rows 0..6's elements now show rows 24..30; every other element kept its row, in order.
    const after = screen.getAllByTestId('position-row');
    expect(after.slice(0, 17)).toEqual(first.slice(7));
    expect(after.slice(17)).toEqual(first.slice(0, 7));
    expect(after[17]!.getAttribute('data-symbol')).toBe(symbols[24]);
    // Only the reused rows rendered again.
    expect(rowReads.mock.calls.slice(reads).map(([s]) => s as string)).toEqual(symbols.slice(24, 31));

    scrollTo(5_000 * POSITION_ROW_H);
    expect(shown()).toEqual(symbols.slice(4_994, 5_018));
    const win = screen.getByTestId('positions-list').querySelector<HTMLElement>('.pos-list__window')!;
    expect(win.style.transform).toBe(`translateY(${4_994 * POSITION_ROW_H}px)`);
  });
});
