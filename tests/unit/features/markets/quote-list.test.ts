// Which rows of the markets list stream: the rows on screen plus a row of margin, not Virtuoso's overscan.
import { describe, expect, it } from 'vitest';
import { visibleSlice } from '../../../../src/features/markets/components/quote-list.tsx';

const symbols = Array.from({ length: 100 }, (_, i) => `S${i}`);

describe('visibleSlice', () => {
  it('streams the first screenful before Virtuoso reports a range', () => {
    expect(visibleSlice(symbols, null)).toEqual(symbols.slice(0, 14));
  });

  it('at the top keeps row 0 and trims the overscan below to one row of margin', () => {
    // Rendered 0..16: rows 0..13 on screen, 14..16 overscan.
    expect(visibleSlice(symbols, { startIndex: 0, endIndex: 16 })).toEqual(symbols.slice(0, 15));
  });

  it('mid-list trims the overscan at both ends to one row of margin', () => {
    // Rendered 37..59: rows 40..56 on screen.
    expect(visibleSlice(symbols, { startIndex: 37, endIndex: 59 })).toEqual(symbols.slice(39, 58));
  });

  it('at the bottom keeps the last row', () => {
    expect(visibleSlice(symbols, { startIndex: 80, endIndex: 99 })).toEqual(symbols.slice(82, 100));
  });

  it('a short list streams every row', () => {
    expect(visibleSlice(symbols.slice(0, 3), { startIndex: 0, endIndex: 2 })).toEqual(symbols.slice(0, 3));
  });
});
