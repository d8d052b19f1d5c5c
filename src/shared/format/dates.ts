// Date display (spec §5) in Pakistan time: a dash for empty values, and the chat-time rules
// (today, yesterday, weekday within 6 days, month-day within the year, full date otherwise).
// Plain Date arithmetic at a fixed offset, no date library: the first screen shows times (the feed badge),
// and dayjs with its UTC plugin was ~9 KB of it for the seven pattern tokens used here.
import type { Lang } from '../../../workers/protocol/api.ts';
import { formatWords } from './words.ts';

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
const LOCAL_DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?$/;

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
    const local = LOCAL_DATE_TIME.exec(s);
    if (local) {
      // Wall-clock fields as UTC, then back by the offset (out-of-range fields roll over, as Date.UTC does).
      const [y = 0, mo = 1, d = 1, h = 0, mi = 0, sec = 0] = local.slice(1, 7).map((f) => Number(f ?? 0));
      const millis = local[7] ? Math.floor(Number(`0.${local[7]}`) * 1000) : 0;
      ms = Date.UTC(y, mo - 1, d, h, mi, sec, millis) - PK_OFFSET_MS;
    } else {
      ms = Date.parse(s);
    }
  }
  if (!Number.isFinite(ms) || ms === 0) return null;
  return ms;
}

/** A moment's fields on the Pakistan clock (read with the getUTC… methods). */
function pkClock(ms: number): Date {
  return new Date(ms + PK_OFFSET_MS);
}

const two = (n: number) => String(n).padStart(2, '0');
const OFFSET_TEXT = `+${two(PK_OFFSET_MINUTES / 60)}:${two(PK_OFFSET_MINUTES % 60)}`;
const TOKENS: Record<string, (d: Date) => string> = {
  YYYY: (d) => String(d.getUTCFullYear()).padStart(4, '0'),
  MM: (d) => two(d.getUTCMonth() + 1),
  DD: (d) => two(d.getUTCDate()),
  HH: (d) => two(d.getUTCHours()),
  mm: (d) => two(d.getUTCMinutes()),
  ss: (d) => two(d.getUTCSeconds()),
  Z: () => OFFSET_TEXT,
};

/** `pattern` with its tokens (YYYY MM DD HH mm ss Z, as dayjs writes them) filled in; other text kept. */
function formatPk(ms: number, pattern: string): string {
  const d = pkClock(ms);
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss|Z/g, (t) => TOKENS[t]?.(d) ?? t);
}

/** The date in Pakistan time with a pattern (YYYY MM DD HH mm ss Z); '-' for empty, null, 0 or invalid input. */
export function formatDate(value: DateInput, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  const ms = toEpochMs(value);
  if (ms === null) return '-';
  return formatPk(ms, pattern);
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
  const time = formatPk(ms, 'HH:mm');
  const daysAgo = pkDay(nowMs) - pkDay(ms);
  const words = formatWords(lang);
  if (daysAgo === 0) return time;
  if (daysAgo === 1) return `${words.yesterday} ${time}`;
  if (daysAgo >= 2 && daysAgo <= 6) return `${words.weekdays[pkClock(ms).getUTCDay()] ?? ''} ${time}`;
  if (pkClock(ms).getUTCFullYear() === pkClock(nowMs).getUTCFullYear()) return formatPk(ms, 'MM-DD HH:mm');
  return formatPk(ms, 'YYYY-MM-DD HH:mm');
}
