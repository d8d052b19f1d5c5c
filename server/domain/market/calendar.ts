// PSX trading calendar in Asia/Karachi (UTC+5 all year: Pakistan has no daylight saving time).
// Sessions: Mon–Thu pre-open 09:15–09:30, open 09:30–15:30; Friday pre-open 09:00–09:15, open 09:15–12:00,
// prayer break 12:00–14:30, open 14:30–16:30. Closed on weekends and the holidays below. The post-close
// session and the odd-lot market are not simulated.

import type { SessionState } from '../../../workers/protocol/market.ts';

export const PKT_OFFSET_MS = 5 * 3_600_000;
export const DAY_MS = 86_400_000;
const MIN = 60_000;

/**
 * Exchange holidays for the simulated history (2025) and the current year (2026). Islamic holidays follow the
 * moon sighting; the 2026 dates are the expected ones and may differ by a day from the official notice.
 */
export const PSX_HOLIDAYS: ReadonlySet<string> = new Set([
  // 2025
  '2025-02-05', // Kashmir Solidarity Day
  '2025-03-31', // Eid ul Fitr
  '2025-04-01',
  '2025-04-02',
  '2025-05-01', // Labour Day
  '2025-05-28', // Youm-e-Takbeer
  '2025-06-06', // Eid ul Azha
  '2025-06-09',
  '2025-07-04', // Ashura (9th, 10th Muharram)
  '2025-08-14', // Independence Day
  '2025-09-05', // Eid Milad un Nabi
  '2025-12-25', // Quaid-e-Azam Day, Christmas
  // 2026
  '2026-02-05', // Kashmir Solidarity Day
  '2026-03-20', // Eid ul Fitr
  '2026-03-23', // Pakistan Day
  '2026-03-24', // Eid ul Fitr (3rd day)
  '2026-05-01', // Labour Day
  '2026-05-27', // Eid ul Azha
  '2026-05-28', // Eid ul Azha, Youm-e-Takbeer
  '2026-05-29', // Eid ul Azha (3rd day)
  '2026-06-25', // Ashura (9th Muharram)
  '2026-06-26', // Ashura (10th Muharram)
  '2026-08-14', // Independence Day
  '2026-08-26', // Eid Milad un Nabi
  '2026-11-09', // Iqbal Day
  '2026-12-25', // Quaid-e-Azam Day, Christmas
]);

/** Start (UTC ms) of the Asia/Karachi calendar day containing ts. */
export function pktDayStart(ts: number): number {
  return Math.floor((ts + PKT_OFFSET_MS) / DAY_MS) * DAY_MS - PKT_OFFSET_MS;
}

/** 'YYYY-MM-DD' of the Asia/Karachi day containing ts. */
export function pktDateKey(ts: number): string {
  return new Date(pktDayStart(ts) + PKT_OFFSET_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, in Asia/Karachi. */
export function pktWeekday(ts: number): number {
  return new Date(pktDayStart(ts) + PKT_OFFSET_MS).getUTCDay();
}

export function isPsxTradingDay(ts: number): boolean {
  const wd = pktWeekday(ts);
  return wd >= 1 && wd <= 5 && !PSX_HOLIDAYS.has(pktDateKey(ts));
}

export interface SessionSpan {
  st: SessionState;
  from: number;
  to: number;
}

/** The non-closed spans of the PSX day containing ts (empty on weekends and holidays). */
export function psxSessions(ts: number): SessionSpan[] {
  if (!isPsxTradingDay(ts)) return [];
  const d = pktDayStart(ts);
  const at = (h: number, m: number) => d + (h * 60 + m) * MIN;
  if (pktWeekday(ts) === 5) {
    return [
      { st: 'pre', from: at(9, 0), to: at(9, 15) },
      { st: 'open', from: at(9, 15), to: at(12, 0) },
      { st: 'break', from: at(12, 0), to: at(14, 30) },
      { st: 'open', from: at(14, 30), to: at(16, 30) },
    ];
  }
  return [
    { st: 'pre', from: at(9, 15), to: at(9, 30) },
    { st: 'open', from: at(9, 30), to: at(15, 30) },
  ];
}

/** PSX session state at ts. alwaysOpen (PSX_ALWAYS_OPEN=1) keeps the market open around the clock for demos. */
export function psxState(ts: number, alwaysOpen = false): SessionState {
  if (alwaysOpen) return 'open';
  for (const s of psxSessions(ts)) if (ts >= s.from && ts < s.to) return s.st;
  return 'closed';
}

/** The next time the PSX state changes after ts, and the state it changes to; null when always open. */
export function psxNextChange(ts: number, alwaysOpen = false): { t: number; st: SessionState } | null {
  if (alwaysOpen) return null;
  const now = psxState(ts);
  for (let day = pktDayStart(ts), i = 0; i < 30; day += DAY_MS, i++) {
    const spans = psxSessions(day);
    const edges: { t: number; st: SessionState }[] = [];
    for (const s of spans) edges.push({ t: s.from, st: s.st }, { t: s.to, st: 'closed' });
    for (const e of edges) {
      // Adjacent spans share an edge; the state that follows an edge is the one of the span starting there.
      const st = spans.find((s) => s.from === e.t)?.st ?? e.st;
      if (e.t > ts && st !== now) return { t: e.t, st };
    }
  }
  return null;
}

/** End of the PSX open span in progress at ts: Infinity when always open, ts itself when not open. */
export function psxOpenSpanEnd(ts: number, alwaysOpen = false): number {
  if (alwaysOpen) return Infinity;
  const span = psxSessions(ts).find((s) => s.st === 'open' && ts >= s.from && ts < s.to);
  return span ? span.to : ts;
}

/** Minute starts (UTC ms) during which PSX trades on the day containing ts. */
export function psxTradingMinutes(ts: number): number[] {
  const out: number[] = [];
  for (const s of psxSessions(ts)) {
    if (s.st !== 'open') continue;
    for (let t = s.from; t < s.to; t += MIN) out.push(t);
  }
  return out;
}

/**
 * Daily price band (PSX rule since 22 July 2024, ../shared/reference/pakistan.md [4]): ±10% of the previous close or
 * PKR 1, whichever is larger. (It was ±7.5% before; raised in 0.5% steps through 2024.)
 */
export function psxPriceLimits(prevCloseUnits: number, decimals: number): { up: number; down: number } {
  const onePkr = 10 ** decimals;
  // 10% = 1/10; the band is kept inside the limit: floor the width.
  const band = Math.max(Math.floor(prevCloseUnits / 10), onePkr);
  return { up: prevCloseUnits + band, down: Math.max(prevCloseUnits - band, 1) };
}
