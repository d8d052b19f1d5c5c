// Date display of spec §5 in Pakistan time (UTC+5): dash for empty values and each chat-time branch.
import { describe, expect, it } from 'vitest';
import { formatChatTime, formatDate, toEpochMs } from '../../../../src/shared/format/dates.ts';

/** Wednesday 2024-05-15 10:00 in Pakistan. */
const NOW = Date.parse('2024-05-15T10:00:00+05:00');
const pk = (iso: string) => Date.parse(`${iso}+05:00`);

describe('formatDate', () => {
  it('shows a dash for empty, zero and invalid values', () => {
    for (const v of [null, undefined, '', '   ', 0, '0', 'not a date', Number.NaN, new Date(Number.NaN)]) {
      expect(formatDate(v)).toBe('-');
    }
  });

  it('formats epoch milliseconds in Pakistan time, whatever the machine zone', () => {
    expect(formatDate(Date.parse('2024-01-01T00:00:00Z'))).toBe('2024-01-01 05:00:00');
    expect(formatDate(Date.parse('2023-12-31T20:30:15Z'))).toBe('2024-01-01 01:30:15');
  });

  it('reads small numbers and digit strings as Unix seconds', () => {
    expect(formatDate(1704067200)).toBe('2024-01-01 05:00:00');
    expect(formatDate('1704067200')).toBe('2024-01-01 05:00:00');
    expect(formatDate('1704067200000')).toBe('2024-01-01 05:00:00');
  });

  it('reads zone-less strings as Pakistan wall-clock time and keeps explicit zones', () => {
    expect(formatDate('2024-05-01 09:30:00')).toBe('2024-05-01 09:30:00');
    expect(formatDate('2024-05-01T09:30')).toBe('2024-05-01 09:30:00');
    expect(formatDate('2024-05-01')).toBe('2024-05-01 00:00:00');
    expect(formatDate('2024-05-01T09:30:00Z')).toBe('2024-05-01 14:30:00');
    expect(formatDate('2024-05-01T09:30:00+05:00')).toBe('2024-05-01 09:30:00');
  });

  it('accepts Date objects and custom patterns', () => {
    expect(formatDate(new Date('2024-05-01T00:00:00Z'), 'YYYY/MM/DD')).toBe('2024/05/01');
    expect(formatDate(pk('2024-05-01T23:59:59'), 'HH:mm')).toBe('23:59');
    expect(formatDate(pk('2024-05-01T12:00:00'), 'Z')).toBe('+05:00');
  });

  it('exposes the parsed epoch', () => {
    expect(toEpochMs('2024-05-01 00:00:00')).toBe(Date.parse('2024-04-30T19:00:00Z'));
    expect(toEpochMs(0)).toBeNull();
  });
});

describe('formatChatTime', () => {
  it('today → HH:mm, including just after midnight', () => {
    expect(formatChatTime(pk('2024-05-15T09:05:00'), NOW, 'en-US')).toBe('09:05');
    expect(formatChatTime(pk('2024-05-15T00:00:00'), NOW, 'ur-PK')).toBe('00:00');
  });

  it('yesterday → prefix + HH:mm, on the Pakistan calendar', () => {
    expect(formatChatTime(pk('2024-05-14T23:59:00'), NOW, 'en-US')).toBe('Yesterday 23:59');
    expect(formatChatTime(pk('2024-05-14T00:00:00'), NOW, 'en-US')).toBe('Yesterday 00:00');
    expect(formatChatTime(pk('2024-05-14T18:00:00'), NOW, 'ur-PK')).toBe('گزشتہ کل 18:00');
    // 2024-05-14 20:00 UTC is already the 15th in Pakistan.
    expect(formatChatTime(Date.parse('2024-05-14T20:00:00Z'), NOW, 'en-US')).toBe('01:00');
  });

  it('2 to 6 days back → weekday + HH:mm', () => {
    expect(formatChatTime(pk('2024-05-13T08:00:00'), NOW, 'en-US')).toBe('Monday 08:00');
    expect(formatChatTime(pk('2024-05-09T00:00:00'), NOW, 'en-US')).toBe('Thursday 00:00');
    expect(formatChatTime(pk('2024-05-12T21:15:00'), NOW, 'ur-PK')).toBe('اتوار 21:15');
    expect(formatChatTime(pk('2024-05-10T07:00:00'), NOW, 'ur-PK')).toBe('جمعہ 07:00');
  });

  it('7 days back or more in the same year → MM-DD HH:mm', () => {
    expect(formatChatTime(pk('2024-05-08T23:59:00'), NOW, 'en-US')).toBe('05-08 23:59');
    expect(formatChatTime(pk('2024-01-01T00:00:00'), NOW, 'ur-PK')).toBe('01-01 00:00');
  });

  it('an earlier year → YYYY-MM-DD HH:mm', () => {
    expect(formatChatTime(pk('2023-12-31T23:59:00'), NOW, 'en-US')).toBe('2023-12-31 23:59');
    // Two days back but across the new year still reads as a weekday: recency wins over the year rule.
    const jan2 = pk('2024-01-02T12:00:00');
    expect(formatChatTime(pk('2023-12-31T12:00:00'), jan2, 'en-US')).toBe('Sunday 12:00');
    expect(formatChatTime(pk('2023-12-20T12:00:00'), jan2, 'en-US')).toBe('2023-12-20 12:00');
  });

  it('future moments use the date rules', () => {
    expect(formatChatTime(pk('2024-05-16T08:00:00'), NOW, 'en-US')).toBe('05-16 08:00');
    expect(formatChatTime(pk('2025-01-01T08:00:00'), NOW, 'en-US')).toBe('2025-01-01 08:00');
  });

  it('accepts seconds and zone-less strings and dashes empty values', () => {
    expect(formatChatTime(pk('2024-05-15T09:05:00') / 1000, NOW, 'en-US')).toBe('09:05');
    expect(formatChatTime('2024-05-14 18:00:00', NOW, 'en-US')).toBe('Yesterday 18:00');
    expect(formatChatTime(null, NOW, 'en-US')).toBe('-');
    expect(formatChatTime('', NOW, 'en-US')).toBe('-');
  });
});
