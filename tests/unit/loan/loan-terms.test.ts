// The loan terms (contract/loan-terms.ts) exact to the paisa, their refusals, early repayment and lateness,
// and the credit score rule (server/domain/loans/credit-score.ts) part by part.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aprText,
  DAY_MS,
  lateDays,
  loanTerms,
  repaymentAt,
  tierOf,
  type LoanTerms,
} from '../../../contract/loan-terms.ts';
import { calcCreditScore, movedParts, type CreditFacts } from '../../../server/domain/loans/credit-score.ts';

const START = Date.UTC(2026, 10, 24, 12, 0, 0);
const ok = (t: LoanTerms | string): LoanTerms => {
  if (typeof t === 'string') throw new Error(t);
  return t;
};

describe('loan terms', () => {
  it('Rs 10,000 for 30 days at 0.05 % a day and a 1 % fee: exact paisa, APR and the dated bullet', () => {
    const t = ok(
      loanTerms({ principal: 1_000_000n, days: 30, dailyRatePpm: 500n, feeRatePpm: 10_000n, start: START }),
    );
    expect(t.interest).toBe(15_000n); // Rs 150.00
    expect(t.fee).toBe(10_000n); // Rs 100.00
    expect(t.cost).toBe(25_000n);
    expect(t.total).toBe(1_025_000n);
    expect(t.aprBp).toBe(3042n); // 250/10000 × 365/30 = 30.4166… % → 30.42
    expect(aprText(t.aprBp)).toBe('30.42');
    expect(t.dueAt).toBe(START + 30 * DAY_MS);
    expect(t.schedule).toEqual([
      { n: 1, dueAt: t.dueAt, principal: 1_000_000n, interest: 15_000n, fee: 10_000n, amount: 1_025_000n },
    ]);
  });

  it('rounds interest half up and the fee up, to the paisa', () => {
    // 12,345.67 × 0.0005 × 7 = 43.209845 → 43.21 ; 12,345.67 × 0.01 = 123.4567 → 123.46
    const t = ok(
      loanTerms({ principal: 1_234_567n, days: 7, dailyRatePpm: 500n, feeRatePpm: 10_000n, start: START }),
    );
    expect(t.interest).toBe(4_321n);
    expect(t.fee).toBe(12_346n);
    expect(t.total).toBe(1_234_567n + 4_321n + 12_346n);
  });

  it('refuses a daily rate above 0.75 %, a cost above the principal, bad days and amounts', () => {
    const base = { principal: 1_000_000n, days: 30, dailyRatePpm: 500n, feeRatePpm: 10_000n, start: START };
    expect(loanTerms({ ...base, dailyRatePpm: 7_501n })).toBe('rateTooHigh');
    expect(typeof loanTerms({ ...base, dailyRatePpm: 7_500n, days: 90 })).toBe('object'); // 67.5 % + 1 % fits
    expect(loanTerms({ ...base, dailyRatePpm: 7_500n, days: 200 })).toBe('costAbovePrincipal');
    expect(typeof loanTerms({ ...base, dailyRatePpm: 7_500n, days: 132 })).toBe('object'); // 99 % + 1 % = 100 %
    expect(loanTerms({ ...base, dailyRatePpm: 7_500n, days: 133 })).toBe('costAbovePrincipal');
    expect(loanTerms({ ...base, days: 0 })).toBe('badDays');
    expect(loanTerms({ ...base, days: 1.5 })).toBe('badDays');
    expect(loanTerms({ ...base, principal: 0n })).toBe('badAmount');
  });

  it('never lets the total cost pass the principal, and total = principal + interest + fee', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.integer({ min: 1, max: 365 }),
        fc.bigInt({ min: 0n, max: 7_500n }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        (principal, days, dailyRatePpm, feeRatePpm) => {
          const t = loanTerms({ principal, days, dailyRatePpm, feeRatePpm, start: START });
          if (typeof t === 'string') return;
          expect(t.cost).toBeLessThanOrEqual(principal);
          expect(t.total).toBe(principal + t.interest + t.fee);
          expect(t.schedule.reduce((s, i) => s + i.amount, 0n)).toBe(t.total);
        },
      ),
    );
  });

  it('early repayment pays interest for the days used only (a started day counts); late pays no more', () => {
    const loan = { principal: 1_000_000n, days: 30, dailyRatePpm: 500n, fee: 10_000n, disbursedAt: START };
    expect(repaymentAt(loan, START + 1000)).toMatchObject({ daysUsed: 1, interest: 500n, total: 1_010_500n });
    expect(repaymentAt(loan, START + 10 * DAY_MS + 1)).toMatchObject({ daysUsed: 11, interest: 5_500n });
    expect(repaymentAt(loan, START + 45 * DAY_MS)).toMatchObject({
      daysUsed: 30,
      interest: 15_000n,
      total: 1_025_000n,
    });
    expect(lateDays(START + 30 * DAY_MS, START + 30 * DAY_MS)).toBe(0);
    expect(lateDays(START + 30 * DAY_MS, START + 30 * DAY_MS + 1)).toBe(1);
    expect(lateDays(START + 30 * DAY_MS, START + 32 * DAY_MS)).toBe(2);
  });
});

describe('credit score', () => {
  const fresh: CreditFacts = {
    kyc: 'none',
    accountAgeDays: 0,
    depositsCredited: 0,
    tradesFilled: 0,
    loansRepaidOnTime: 0,
    loansRepaidLate: 0,
    overdueDays: 0,
    openDebt: 0n,
    openCap: 10_000_000n,
  };

  it('tiers: Excellent 80–100, Qualified 60–79, Risk 0–59', () => {
    expect([100, 80, 79, 60, 59, 0].map(tierOf)).toEqual([
      'excellent',
      'excellent',
      'qualified',
      'qualified',
      'risk',
      'risk',
    ]);
  });

  it('a new unverified user is Risk at 40; KYC brings Qualified; a full record reaches 100', () => {
    expect(calcCreditScore(fresh)).toMatchObject({ score: 40, tier: 'risk' });
    expect(calcCreditScore({ ...fresh, kyc: 'succ' })).toMatchObject({ score: 60, tier: 'qualified' });
    const best = calcCreditScore({
      ...fresh,
      kyc: 'succ',
      accountAgeDays: 400,
      depositsCredited: 5,
      tradesFilled: 30,
      loansRepaidOnTime: 4,
    });
    expect(best.score).toBe(100);
    expect(best.parts.find((p) => p.key === 'age')?.points).toBe(10);
  });

  it('each part by its rule', () => {
    const pts = (f: Partial<CreditFacts>) =>
      Object.fromEntries(calcCreditScore({ ...fresh, ...f }).parts.map((p) => [p.key, p.points]));
    expect(pts({ accountAgeDays: 59 }).age).toBe(2);
    expect(pts({ accountAgeDays: 60 }).age).toBe(4);
    expect(pts({ depositsCredited: 1 }).deposits).toBe(5);
    expect(pts({ depositsCredited: 3 }).deposits).toBe(10);
    expect(pts({ tradesFilled: 9 }).trading).toBe(5);
    expect(pts({ tradesFilled: 10 }).trading).toBe(10);
    expect(pts({ loansRepaidOnTime: 1 }).repaid).toBe(5);
    expect(pts({ loansRepaidLate: 2 }).late).toBe(-20);
    expect(pts({ overdueDays: 3 }).overdue).toBe(-6);
    expect(pts({ overdueDays: 40 }).overdue).toBe(-30);
    expect(pts({ openDebt: 5_000_000n }).usage).toBe(0);
    expect(pts({ openDebt: 5_000_001n }).usage).toBe(-5);
    expect(pts({ openDebt: 8_000_001n }).usage).toBe(-10);
  });

  it('clamps at 0 and names the parts that moved', () => {
    expect(calcCreditScore({ ...fresh, loansRepaidLate: 5, overdueDays: 30 }).score).toBe(0);
    const a = calcCreditScore({ ...fresh, kyc: 'succ' });
    const b = calcCreditScore({ ...fresh, kyc: 'succ', overdueDays: 2, depositsCredited: 1 });
    expect(movedParts(a.parts, b.parts)).toEqual([
      { key: 'deposits', delta: 5 },
      { key: 'overdue', delta: -4 },
    ]);
    expect(movedParts(null, a.parts)).toEqual([
      { key: 'base', delta: 40 },
      { key: 'kyc', delta: 20 },
    ]);
  });
});
