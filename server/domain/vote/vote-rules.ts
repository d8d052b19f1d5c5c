// The pure rules of shareholder voting (issue 17 §8), no I/O:
//   state      upcoming before the record date, open from it until the deadline, closed after;
//   ballot     who may cast or change a ballot at a time (a holder at the record date, while open, a known option);
//   tally      weighted totals per option and the turnout (shares voted over shares eligible), whole shares as
//              bigint, so the totals always sum to the shares voted;
//   input      an operator's new resolution, checked (one refusal each).
export type VoteState = 'upcoming' | 'open' | 'closed';

export function voteState(r: { record_at: number; deadline_at: number }, now: number): VoteState {
  if (now < r.record_at) return 'upcoming';
  if (now < r.deadline_at) return 'open';
  return 'closed';
}

export type BallotRefusal = 'notOpen' | 'closed' | 'notHolder' | 'badOption';

/** Why a ballot may not be cast (or changed) now, or null: `weight` is the shares held at the record date. */
export function ballotProblem(
  r: { record_at: number; deadline_at: number; optionCount: number },
  choice: number,
  weight: bigint,
  now: number,
): BallotRefusal | null {
  const state = voteState(r, now);
  if (state === 'upcoming') return 'notOpen';
  if (state === 'closed') return 'closed';
  if (weight <= 0n) return 'notHolder';
  if (!Number.isSafeInteger(choice) || choice < 0 || choice >= r.optionCount) return 'badOption';
  return null;
}

export interface Tally {
  /** weighted shares per option, in option order */
  totals: bigint[];
  /** shares that voted (the sum of totals) */
  voted: bigint;
  /** shares held by every eligible holder at the record date */
  eligible: bigint;
  /** holders who voted */
  voters: number;
  /** voted / eligible in basis points (0..10000), truncated; 0 when nobody was eligible */
  turnoutBp: number;
}

/** Weighted totals of the ballots (each ballot counts once, with its weight) and the turnout. */
export function tally(
  optionCount: number,
  ballots: readonly { choice: number; qty: bigint }[],
  eligible: bigint,
): Tally {
  const totals = Array.from({ length: optionCount }, () => 0n);
  let voted = 0n;
  for (const b of ballots) {
    if (b.choice < 0 || b.choice >= optionCount || b.qty <= 0n) continue;
    totals[b.choice] = (totals[b.choice] ?? 0n) + b.qty;
    voted += b.qty;
  }
  // A holder who sold after the record date still holds a ballot; eligible is never below what voted.
  const base = eligible > voted ? eligible : voted;
  const turnoutBp = base === 0n ? 0 : Number((voted * 10000n) / base);
  return { totals, voted, eligible: base, voters: ballots.length, turnoutBp };
}

export interface ResolutionInput {
  symbol: string;
  meeting: 'agm' | 'eogm';
  titleUr: string;
  titleEn: string;
  bodyUr: string;
  bodyEn: string;
  options: { ur: string; en: string }[];
  recordAt: number;
  deadlineAt: number;
}

const SYMBOL = /^[A-Z][A-Z0-9]{1,9}$/;
export const MAX_OPTIONS = 6;

/** The first rule a new resolution breaks, or null. `now`: a deadline must still be ahead. */
export function resolutionProblem(i: ResolutionInput, now: number): string | null {
  const filled = (s: string, max: number) => s.trim() !== '' && s.length <= max;
  if (!SYMBOL.test(i.symbol)) return 'symbol must be 2-10 capital letters or digits, starting with a letter';
  if (!filled(i.titleUr, 200) || !filled(i.titleEn, 200))
    return 'title (Urdu and English) must be 1-200 characters';
  if (!filled(i.bodyUr, 8000) || !filled(i.bodyEn, 8000))
    return 'notice text (Urdu and English) must be 1-8000 characters';
  if (i.options.length < 2 || i.options.length > MAX_OPTIONS) return `options must be 2-${MAX_OPTIONS}`;
  if (i.options.some((o) => !filled(o.ur, 60) || !filled(o.en, 60)))
    return 'every option needs an Urdu and an English label of 1-60 characters';
  if (!Number.isSafeInteger(i.recordAt) || !Number.isSafeInteger(i.deadlineAt))
    return 'dates must be valid times';
  if (i.deadlineAt <= i.recordAt) return 'the deadline must be after the record date';
  if (i.deadlineAt <= now) return 'the deadline must be in the future';
  return null;
}
