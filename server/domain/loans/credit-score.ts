// The credit score (issue 18 item 5): the app's own score 0–100, NOT an official SBP (eCIB) score. A pure rule
// over facts the platform has; every part is a named number the user sees explained (/pages/user/creditScore).
//
//   base       40   every account starts here
//   kyc       +20   identity verified (KYC succ); 0 otherwise
//   age      0…+10  +2 for every full 30 days since sign-up, at most +10
//   deposits 0…+10  +5 with one credited deposit, +10 with three or more
//   trading  0…+10  +5 with one filled order on the real account, +10 with ten or more
//   repaid   0…+10  +5 for each loan repaid on time, at most +10
//   late    −10 each loan repaid after its due date (no floor of its own)
//   overdue  −2 for each day an open loan is past due, at most −30
//   usage    −5 when open debt is over 50 % of the open-total cap, −10 over 80 %
// The sum is clamped to 0…100. Tiers (spec §6): Excellent 80–100, Qualified 60–79, Risk 0–59.
// What a tier allows (decision): Risk may not take a new loan (shown with the reason); Qualified borrows up to
// loan.maxQualified; Excellent up to loan.maxPerLoan. Trading is not restricted by the score this round.
import { tierOf, type CreditTier } from '../../../contract/loan-terms.ts';

export interface CreditFacts {
  kyc: 'none' | 'pending' | 'succ' | 'fail';
  accountAgeDays: number;
  depositsCredited: number;
  tradesFilled: number;
  loansRepaidOnTime: number;
  loansRepaidLate: number;
  /** the largest number of days any open loan is past its due date */
  overdueDays: number;
  /** open debt (principal of loans not yet repaid) and the open-total cap, minor units */
  openDebt: bigint;
  openCap: bigint;
}

export const SCORE_PARTS = [
  'base',
  'kyc',
  'age',
  'deposits',
  'trading',
  'repaid',
  'late',
  'overdue',
  'usage',
] as const;
export type ScorePart = (typeof SCORE_PARTS)[number];

export interface CreditScore {
  score: number;
  tier: CreditTier;
  parts: { key: ScorePart; points: number }[];
}

function usagePoints(openDebt: bigint, openCap: bigint): number {
  if (openCap <= 0n || openDebt <= 0n) return 0;
  if (openDebt * 10n > openCap * 8n) return -10;
  if (openDebt * 2n > openCap) return -5;
  return 0;
}

export function calcCreditScore(f: CreditFacts): CreditScore {
  const points: Record<ScorePart, number> = {
    base: 40,
    kyc: f.kyc === 'succ' ? 20 : 0,
    age: Math.min(10, 2 * Math.floor(Math.max(0, f.accountAgeDays) / 30)),
    deposits: f.depositsCredited >= 3 ? 10 : f.depositsCredited >= 1 ? 5 : 0,
    trading: f.tradesFilled >= 10 ? 10 : f.tradesFilled >= 1 ? 5 : 0,
    repaid: Math.min(10, 5 * f.loansRepaidOnTime),
    late: -10 * f.loansRepaidLate,
    overdue: -Math.min(30, 2 * Math.max(0, f.overdueDays)),
    usage: usagePoints(f.openDebt, f.openCap),
  };
  const sum = SCORE_PARTS.reduce((acc, k) => acc + points[k], 0);
  const score = Math.max(0, Math.min(100, sum));
  return { score, tier: tierOf(score), parts: SCORE_PARTS.map((key) => ({ key, points: points[key] })) };
}

/** The parts whose points differ between two computations (what a log row names as its reason). */
export function movedParts(
  before: readonly { key: string; points: number }[] | null,
  after: readonly { key: ScorePart; points: number }[],
): { key: ScorePart; delta: number }[] {
  return after
    .map((p) => ({ key: p.key, delta: p.points - (before?.find((b) => b.key === p.key)?.points ?? 0) }))
    .filter((d) => d.delta !== 0);
}
