// Date display (spec §5) in Pakistan time: a dash for empty values, and the chat-time rules
// (today, yesterday, weekday within 6 days, month-day within the year, full date otherwise).
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { Lang } from '../../../workers/protocol/api.ts';
import { formatWords } from './words.ts';

dayjs.extend(utc);

/** Asia/Karachi is UTC+5 all year (no DST since 2009), so a fixed offset is exact and needs no tz database. */
export const PK_OFFSET_MINUTES = 300;
const PK_OFFSET_MS = PK_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/**
 * Numbers (and all-digit strings) below 1e11 are Unix seconds, above are milliseconds: 1e11 s is the
 * year 5138 while 1e11 ms is 1973, so the two ranges cannot be confused for real timestamps.
 */
const SECONDS_LIMIT = 1e11;

export type DateInput = string | number | Date | null | undefined;

/** Date with optional time and no zone designator: the servers' 'YYYY-MM-DD HH:mm:ss'. */
const LOCAL_DATE_TIME = /^\d{4}-\d{1,2}-\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * Epoch milliseconds of a date input, or null for empty, zero or invalid values.
 * Strings without a zone ('2024-05-01 09:30:00', as servers here send them) are Pakistan wall-clock time.
 */
export function toEpochMs(value: DateInput): number | null {
  if (value === null || value === undefined) return null;
  let ms: number;
  if (value instanceof Date) {
    ms = value.getTime();
  } else if (typeof value === 'number' || /^\d+(?:\.\d+)?$/.test(value.trim())) {
    const n = typeof value === 'number' ? value : Number(value.trim());
    ms = Math.abs(n) < SECONDS_LIMIT ? n * 1000 : n;
  } else {
    const s = value.trim();
    if (s === '') return null;
    if (LOCAL_DATE_TIME.test(s)) {
      const asUtc = dayjs.utc(s.replace(' ', 'T'));
      ms = asUtc.isValid() ? asUtc.valueOf() - PK_OFFSET_MS : NaN;
    } else {
      ms = dayjs(s).valueOf();
    }
  }
  if (!Number.isFinite(ms) || ms === 0) return null;
  return ms;
}

/** The date in Pakistan time with a dayjs pattern; '-' for empty, null, 0 or invalid input. */
export function formatDate(value: DateInput, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  const ms = toEpochMs(value);
  if (ms === null) return '-';
  return dayjs.utc(ms).utcOffset(PK_OFFSET_MINUTES).format(pattern);
}

/** Day number of a moment on the Pakistan calendar (days since 1970-01-01 PKT). */
function pkDay(ms: number): number {
  return Math.floor((ms + PK_OFFSET_MS) / DAY_MS);
}

/**
 * Chat time relative to `now` (both read on the Pakistan calendar), in `lang`:
 * - the same day: 'HH:mm'
 * - the day before: '<Yesterday> HH:mm'
 * - 2 to 6 days before: '<weekday> HH:mm' (7 days back would repeat today's weekday, so 6 is the limit)
 * - otherwise in the same calendar year: 'MM-DD HH:mm' (we read "within a year" as the calendar year,
 *   because 'MM-DD' alone is ambiguous once the year changes)
 * - otherwise: 'YYYY-MM-DD HH:mm'.
 * Moments after today (clock skew) take the last two rules.
 * Empty or invalid values give '-'.
 */
export function formatChatTime(value: DateInput, now: DateInput, lang: Lang): string {
  const ms = toEpochMs(value);
  if (ms === null) return '-';
  const nowMs = toEpochMs(now) ?? Date.now();
  const at = dayjs.utc(ms).utcOffset(PK_OFFSET_MINUTES);
  const time = at.format('HH:mm');
  const daysAgo = pkDay(nowMs) - pkDay(ms);
  const words = formatWords(lang);
  if (daysAgo === 0) return time;
  if (daysAgo === 1) return `${words.yesterday} ${time}`;
  if (daysAgo >= 2 && daysAgo <= 6) return `${words.weekdays[at.day()] ?? ''} ${time}`;
  const nowYear = dayjs.utc(nowMs).utcOffset(PK_OFFSET_MINUTES).year();
  if (at.year() === nowYear) return at.format('MM-DD HH:mm');
  return at.format('YYYY-MM-DD HH:mm');
}
