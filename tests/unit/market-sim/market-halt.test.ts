// The PSX market-wide halt rule, case by case: KSE-30 5 % from the previous close for 5 minutes halts trading
// 60 minutes, then a 5-minute pre-open; not in the last 75 minutes of the session; once a day.
import { describe, expect, it } from 'vitest';
import {
  beyondHaltMove,
  haltedSession,
  haltNextChange,
  nextHaltState,
  NO_HALT,
  parseHaltState,
  PSX_HALT_RULE,
  scaledHaltRule,
  type HaltState,
} from '../../../server/domain/market/market-halt.ts';

const pkt = (iso: string) => Date.parse(`${iso}+05:00`);
const MIN = 60_000;
const PREV = 4_000_000; // 40,000.00 in index units
const END = pkt('2026-11-19T15:30:00'); // a Thursday's close

/** Readings every 30 s from `from` at `level`, folded through the rule. */
function run(h: HaltState, from: number, minutes: number, level: number, sessionEnd = END): HaltState {
  let cur = h;
  for (let t = from; t <= from + minutes * MIN; t += 30_000) {
    cur = nextHaltState(cur, { ts: t, level, prevClose: PREV, sessionEnd });
  }
  return cur;
}

describe('the 5 % threshold', () => {
  it('is exact, in integers, both ways', () => {
    expect(beyondHaltMove(3_800_000, PREV)).toBe(true); // −5.00 %
    expect(beyondHaltMove(3_800_001, PREV)).toBe(false); // −4.99998 %
    expect(beyondHaltMove(4_200_000, PREV)).toBe(true); // +5.00 %
    expect(beyondHaltMove(4_199_999, PREV)).toBe(false);
    expect(beyondHaltMove(1, 0)).toBe(false); // no previous close: no rule
  });
});

describe('the halt', () => {
  const start = pkt('2026-11-19T11:00:00');
  it('starts after 5 consecutive minutes beyond 5 %, not before', () => {
    const at4 = run(NO_HALT, start, 4.5, 3_790_000);
    expect(at4.halt).toBeNull();
    expect(at4.since).toBe(start);
    const at5 = run(NO_HALT, start, 5, 3_790_000);
    expect(at5.halt).toEqual({ at: start + 5 * MIN, pre: start + 65 * MIN, reopen: start + 70 * MIN });
  });

  it('needs the minutes to be consecutive: a reading back inside starts the count again', () => {
    let h = run(NO_HALT, start, 4, 3_790_000);
    h = nextHaltState(h, { ts: start + 4.5 * MIN, level: 3_900_000, prevClose: PREV, sessionEnd: END });
    expect(h).toEqual(NO_HALT);
    h = run(h, start + 5 * MIN, 4, 3_790_000);
    expect(h.halt).toBeNull();
    h = run(h, start + 9 * MIN, 1, 3_790_000);
    expect(h.halt?.at).toBe(start + 10 * MIN);
  });

  it('halts for 60 minutes, then pre-opens for 5, then trades', () => {
    const h = run(NO_HALT, start, 5, 4_250_000);
    const at = start + 5 * MIN;
    expect(haltedSession(h, at - 1, 'open')).toBe('open');
    expect(haltedSession(h, at, 'open')).toBe('halt');
    expect(haltedSession(h, at + 59 * MIN, 'open')).toBe('halt');
    expect(haltedSession(h, at + 60 * MIN, 'open')).toBe('pre');
    expect(haltedSession(h, at + 65 * MIN, 'open')).toBe('open');
    expect(haltNextChange(h, at + MIN)).toEqual({ t: at + 60 * MIN, st: 'pre' });
    expect(haltNextChange(h, at + 61 * MIN)).toEqual({ t: at + 65 * MIN, st: 'open' });
    expect(haltNextChange(h, at + 65 * MIN)).toBeNull();
    // the calendar still wins outside the open session
    expect(haltedSession(h, at + MIN, 'closed')).toBe('closed');
  });

  it('does not start in the last 75 minutes of the session', () => {
    const late = pkt('2026-11-19T14:10:00'); // 5 minutes later is 14:15, exactly 75 before the close
    expect(run(NO_HALT, late, 5, 3_700_000).halt).toBeNull();
    const earlier = pkt('2026-11-19T14:09:00'); // triggers at 14:14, 76 minutes before the close
    expect(run(NO_HALT, earlier, 5, 3_700_000).halt?.at).toBe(pkt('2026-11-19T14:14:00'));
    // Friday's morning span ends at 12:00
    const friday = pkt('2026-11-20T10:45:00');
    expect(run(NO_HALT, friday, 5, 3_700_000, pkt('2026-11-20T12:00:00')).halt).toBeNull();
    // a market that never closes: the rule always applies
    expect(run(NO_HALT, late, 5, 3_700_000, Infinity).halt).not.toBeNull();
  });

  it('happens at most once a day, and a new day starts clean', () => {
    const h = run(NO_HALT, start, 5, 3_700_000);
    const after = run(h, start + 70 * MIN, 10, 3_700_000);
    expect(after).toBe(h);
    const nextDay = pkt('2026-11-20T10:00:00');
    const fresh = nextHaltState(after, {
      ts: nextDay,
      level: 3_700_000,
      prevClose: PREV,
      sessionEnd: END + 86_400_000,
    });
    expect(fresh.halt).toBeNull();
    expect(fresh.since).toBe(nextDay);
  });

  it('returns the same object when nothing changed (no record is written)', () => {
    const h = nextHaltState(NO_HALT, { ts: start, level: PREV, prevClose: PREV, sessionEnd: END });
    expect(h).toBe(NO_HALT);
    const b = nextHaltState(NO_HALT, { ts: start, level: 3_700_000, prevClose: PREV, sessionEnd: END });
    expect(nextHaltState(b, { ts: start + MIN, level: 3_700_000, prevClose: PREV, sessionEnd: END })).toBe(b);
  });
});

describe('a shortened rule (browser tests)', () => {
  it('divides every time by the scale', () => {
    const rule = scaledHaltRule(60);
    const start = pkt('2026-11-19T11:00:00');
    let h: HaltState = NO_HALT;
    for (let t = start; t <= start + 5_000; t += 1_000)
      h = nextHaltState(h, { ts: t, level: 3_700_000, prevClose: PREV, sessionEnd: Infinity }, rule);
    expect(h.halt).toEqual({ at: start + 5_000, pre: start + 65_000, reopen: start + 70_000 });
    expect(scaledHaltRule(1)).toEqual(PSX_HALT_RULE);
  });
});

describe('parseHaltState', () => {
  it('takes a well-formed state and refuses anything else', () => {
    expect(parseHaltState({ since: 5, halt: { at: 10, pre: 15, reopen: 20 } })).toEqual({
      since: 5,
      halt: { at: 10, pre: 15, reopen: 20 },
    });
    expect(parseHaltState({ since: 'x', halt: { at: 10, pre: 15, reopen: 5 } })).toEqual(NO_HALT);
    expect(parseHaltState(null)).toEqual(NO_HALT);
    expect(parseHaltState('{}')).toEqual(NO_HALT);
  });
});
