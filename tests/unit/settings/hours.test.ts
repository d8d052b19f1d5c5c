import { describe, expect, it } from 'vitest';
import { hoursProblem, isWithinHours, minutesOf } from '../../../server/domain/settings/hours.ts';

// 2026-11-23 is a Monday. 04:00 UTC = 09:00 PKT.
const mondayUtc = (h: number, m = 0) => Date.UTC(2026, 10, 23, h, m);
const weekdays = { days: [1, 2, 3, 4, 5], open: '09:00', close: '17:00' };

describe('allowed hours in Pakistan time', () => {
  it('opens at the open minute and closes at the close minute', () => {
    expect(isWithinHours(weekdays, mondayUtc(3, 59))).toBe(false); // 08:59 PKT
    expect(isWithinHours(weekdays, mondayUtc(4, 0))).toBe(true); // 09:00 PKT
    expect(isWithinHours(weekdays, mondayUtc(11, 59))).toBe(true); // 16:59 PKT
    expect(isWithinHours(weekdays, mondayUtc(12, 0))).toBe(false); // 17:00 PKT
  });

  it('reads the weekday in Pakistan, not UTC', () => {
    const always = { days: [1], open: '00:00', close: '24:00' };
    expect(isWithinHours(always, Date.UTC(2026, 10, 22, 19, 0))).toBe(true); // Sun 19:00 UTC = Mon 00:00 PKT
    expect(isWithinHours(always, Date.UTC(2026, 10, 22, 18, 59))).toBe(false); // Sun 23:59 PKT
    expect(isWithinHours(always, Date.UTC(2026, 10, 23, 18, 59))).toBe(true); // Mon 23:59 PKT
  });

  it('refuses malformed windows', () => {
    expect(hoursProblem(weekdays)).toBeNull();
    expect(hoursProblem({ days: [7], open: '09:00', close: '17:00' })).not.toBeNull();
    expect(hoursProblem({ days: [1, 1], open: '09:00', close: '17:00' })).not.toBeNull();
    expect(hoursProblem({ days: [1], open: '17:00', close: '09:00' })).not.toBeNull();
    expect(hoursProblem({ days: [1], open: '24:00', close: '24:00' })).not.toBeNull();
    expect(minutesOf('9:00')).toBeNull();
    expect(minutesOf('24:00')).toBe(1440);
  });
});
