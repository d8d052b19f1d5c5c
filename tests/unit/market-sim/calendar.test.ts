// PSX calendar in Asia/Karachi: sessions, Friday break, weekends, holidays, next change, price band.
import { describe, expect, it } from 'vitest';
import {
  isPsxTradingDay,
  pktDateKey,
  psxNextChange,
  psxPriceLimits,
  psxState,
  psxTradingMinutes,
} from '../../../server/domain/market/calendar.ts';

/** UTC ms of a Karachi wall-clock time (UTC+5, no DST). */
const pkt = (iso: string) => Date.parse(`${iso}+05:00`);

describe('PSX sessions', () => {
  it('follows pre-open, open and close on a Monday–Thursday', () => {
    expect(psxState(pkt('2026-11-19T09:00:00'))).toBe('closed'); // Thursday
    expect(psxState(pkt('2026-11-19T09:15:00'))).toBe('pre');
    expect(psxState(pkt('2026-11-19T09:29:59'))).toBe('pre');
    expect(psxState(pkt('2026-11-19T09:30:00'))).toBe('open');
    expect(psxState(pkt('2026-11-19T15:29:59'))).toBe('open');
    expect(psxState(pkt('2026-11-19T15:30:00'))).toBe('closed');
  });

  it('has two Friday sessions around the prayer break', () => {
    const fri = '2026-11-20';
    expect(psxState(pkt(`${fri}T09:05:00`))).toBe('pre');
    expect(psxState(pkt(`${fri}T09:15:00`))).toBe('open');
    expect(psxState(pkt(`${fri}T12:00:00`))).toBe('break');
    expect(psxState(pkt(`${fri}T14:30:00`))).toBe('open');
    expect(psxState(pkt(`${fri}T16:29:00`))).toBe('open');
    expect(psxState(pkt(`${fri}T16:30:00`))).toBe('closed');
    expect(psxTradingMinutes(pkt(`${fri}T10:00:00`))).toHaveLength(165 + 120);
    expect(psxTradingMinutes(pkt('2026-11-19T10:00:00'))).toHaveLength(360);
  });

  it('is closed on weekends and 2026 holidays, open every day when forced', () => {
    expect(psxState(pkt('2026-11-21T11:00:00'))).toBe('closed'); // Saturday
    expect(psxState(pkt('2026-11-22T11:00:00'))).toBe('closed'); // Sunday
    expect(isPsxTradingDay(pkt('2026-08-14T11:00:00'))).toBe(false); // Independence Day
    expect(isPsxTradingDay(pkt('2026-11-09T11:00:00'))).toBe(false); // Iqbal Day
    expect(isPsxTradingDay(pkt('2026-02-05T11:00:00'))).toBe(false); // Kashmir Day
    expect(isPsxTradingDay(pkt('2026-11-10T11:00:00'))).toBe(true);
    expect(psxState(pkt('2026-08-14T11:00:00'))).toBe('closed');
    expect(psxState(pkt('2026-11-22T03:00:00'), true)).toBe('open');
    expect(psxTradingMinutes(pkt('2026-11-21T11:00:00'))).toEqual([]);
  });

  it('uses the Karachi date, not the UTC date', () => {
    // 20:00 UTC Thursday is already Friday 01:00 in Karachi
    expect(pktDateKey(Date.parse('2026-11-19T20:00:00Z'))).toBe('2026-11-20');
  });

  it('names the next state change, skipping weekends and holidays', () => {
    expect(psxNextChange(pkt('2026-11-19T10:00:00'))).toEqual({
      t: pkt('2026-11-19T15:30:00'),
      st: 'closed',
    });
    expect(psxNextChange(pkt('2026-11-19T09:20:00'))).toEqual({ t: pkt('2026-11-19T09:30:00'), st: 'open' });
    expect(psxNextChange(pkt('2026-11-20T13:00:00'))).toEqual({ t: pkt('2026-11-20T14:30:00'), st: 'open' });
    // Friday evening → Monday pre-open
    expect(psxNextChange(pkt('2026-11-20T18:00:00'))).toEqual({ t: pkt('2026-11-23T09:15:00'), st: 'pre' });
    // Sunday before Iqbal Day (Monday 9 Nov) → Tuesday
    expect(psxNextChange(pkt('2026-11-08T12:00:00'))).toEqual({ t: pkt('2026-11-10T09:15:00'), st: 'pre' });
    expect(psxNextChange(pkt('2026-11-08T12:00:00'), true)).toBeNull();
  });
});

describe('PSX price band', () => {
  it('is ±10% of the previous close (the rule since July 2024; it was 7.5%)', () => {
    expect(psxPriceLimits(20000, 2)).toEqual({ up: 22000, down: 18000 }); // 200.00 → 220.00 / 180.00
    expect(psxPriceLimits(27255, 2)).toEqual({ up: 29980, down: 24530 }); // 2725.5 paisa floored to 2725
  });

  it('is at least PKR 1 for cheap stocks', () => {
    expect(psxPriceLimits(512, 2)).toEqual({ up: 612, down: 412 }); // 5.12 → 6.12 / 4.12 (10% would be 0.51)
    expect(psxPriceLimits(1000, 2)).toEqual({ up: 1100, down: 900 }); // 10.00: 10% is exactly PKR 1
    expect(psxPriceLimits(80, 2)).toEqual({ up: 180, down: 1 }); // never below one paisa
  });
});
