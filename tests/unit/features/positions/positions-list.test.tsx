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
  it('covers the viewport plus three rows each side, clamped to the list', () => {
    const h = POSITION_ROW_H;
    // 800 px viewport: 11 rows (ceil) + 1 partly shown + 3 + 3.
    expect(rowWindow(0, 800, 10_000, h)).toEqual({ start: 0, end: 18, slots: 18 });
    expect(rowWindow(100 * h + 10, 800, 10_000, h)).toEqual({ start: 97, end: 115, slots: 18 });
    expect(rowWindow(10_000 * h, 800, 10_000, h)).toEqual({ start: 9_982, end: 10_000, slots: 18 });
    expect(rowWindow(0, 800, 5, h)).toEqual({ start: 0, end: 5, slots: 18 });
    expect(rowWindow(-300, 800, 10_000, h)).toEqual({ start: 0, end: 18, slots: 18 });
  });
});

describe('PositionsList', () => {
  it('mounts only the window of 10,000 rows and subscribes exactly those symbols', () => {
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    render(<PositionsList symbols={symbols} onOpen={() => undefined} />);
    expect(shown()).toEqual(symbols.slice(0, 18));
    expect(subscribed.at(-1)).toEqual(symbols.slice(0, 18));
    const body = screen.getByTestId('positions-list').querySelector<HTMLElement>('.pos-list__body')!;
    expect(body.style.blockSize).toBe(`${10_000 * POSITION_ROW_H}px`);
  });

  it('moves the window with the scroll, reusing row elements, and renders nothing inside one window', () => {
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    render(<PositionsList symbols={symbols} onOpen={() => undefined} />);
    const first = screen.getAllByTestId('position-row');
    const reads = rowReads.mock.calls.length;
    scrollTo(20); // still rows 0..17
    expect(rowReads.mock.calls.length).toBe(reads);

    scrollTo(4 * POSITION_ROW_H); // first row on screen is 4: window 1..18
    expect(shown()).toEqual(symbols.slice(1, 19));
    expect(subscribed.at(-1)).toEqual(symbols.slice(1, 19));
    // Row 0's element now shows row 18; every other element kept its row, in order.
    const after = screen.getAllByTestId('position-row');
    expect(after.slice(0, 17)).toEqual(first.slice(1));
    expect(after[17]).toBe(first[0]);
    expect(after[17]!.getAttribute('data-symbol')).toBe(symbols[18]);
    // Only the reused row rendered again.
    expect(rowReads.mock.calls.slice(reads).map(([s]) => s as string)).toEqual([symbols[18]]);

    scrollTo(5_000 * POSITION_ROW_H);
    expect(shown()).toEqual(symbols.slice(4_997, 5_015));
    const win = screen.getByTestId('positions-list').querySelector<HTMLElement>('.pos-list__window')!;
    expect(win.style.transform).toBe(`translateY(${4_997 * POSITION_ROW_H}px)`);
  });
});
