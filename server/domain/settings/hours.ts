// Allowed hours for deposits and withdrawals, in Pakistan time (PKT, UTC+5 all year: Pakistan keeps no
// daylight saving). A window names the weekdays it is open (0 = Sunday … 6 = Saturday) and an open and close
// time of day; close "24:00" means to the end of the day. Pure: no clock, no database.

/** Pakistan Standard Time is UTC+05:00 with no daylight saving. */
export const PKT_OFFSET_MS = 5 * 60 * 60 * 1000;

export interface HoursWindow {
  /** weekdays open, 0 = Sunday … 6 = Saturday */
  days: number[];
  /** "HH:MM", 00:00–23:59 */
  open: string;
  /** "HH:MM", after open; "24:00" = end of day */
  close: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

/** Minutes since midnight of "HH:MM" ("24:00" → 1440), or null when malformed. */
export function minutesOf(text: string): number | null {
  if (!TIME.test(text)) return null;
  const [h, m] = text.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Why a window is malformed, or null when it is a valid window. */
export function hoursProblem(w: HoursWindow): string | null {
  if (!Array.isArray(w.days) || w.days.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) {
    return 'days must be weekdays 0 (Sunday) to 6 (Saturday)';
  }
  if (new Set(w.days).size !== w.days.length) return 'days must not repeat';
  const open = minutesOf(w.open);
  const close = minutesOf(w.close);
  if (open === null || open === 1440) return 'open must be HH:MM between 00:00 and 23:59';
  if (close === null) return 'close must be HH:MM between 00:01 and 24:00';
  if (close <= open) return 'close must be after open';
  return null;
}

/** True when the instant `nowMs` (Unix ms) falls inside the window, read in Pakistan time. */
export function isWithinHours(w: HoursWindow, nowMs: number): boolean {
  const local = new Date(nowMs + PKT_OFFSET_MS);
  const day = local.getUTCDay();
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const open = minutesOf(w.open);
  const close = minutesOf(w.close);
  if (open === null || close === null) return false;
  return w.days.includes(day) && minute >= open && minute < close;
}
