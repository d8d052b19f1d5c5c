// The pure rules of shareholder voting: when a ballot may be cast or changed (open only, holders only, a known
// option), the weighted tally (each ballot once with its weight; totals sum to the shares voted; turnout), and
// the checks of an operator's new resolution.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ballotProblem,
  resolutionProblem,
  tally,
  voteState,
} from '../../../server/domain/vote/vote-rules.ts';

const r = { record_at: 1_000, deadline_at: 2_000, optionCount: 3 };

describe('voteState and ballotProblem', () => {
  it('is upcoming before the record date, open until the deadline, closed from it', () => {
    expect(voteState(r, 999)).toBe('upcoming');
    expect(voteState(r, 1_000)).toBe('open');
    expect(voteState(r, 1_999)).toBe('open');
    expect(voteState(r, 2_000)).toBe('closed');
  });

  it('lets a holder vote or change the vote while open, and nobody after the deadline', () => {
    expect(ballotProblem(r, 0, 10n, 1_500)).toBeNull();
    expect(ballotProblem(r, 2, 10n, 1_999)).toBeNull(); // a change is the same check
    expect(ballotProblem(r, 0, 10n, 2_000)).toBe('closed');
    expect(ballotProblem(r, 0, 10n, 500)).toBe('notOpen');
  });

  it('refuses a non-holder and an unknown option', () => {
    expect(ballotProblem(r, 0, 0n, 1_500)).toBe('notHolder');
    expect(ballotProblem(r, 3, 10n, 1_500)).toBe('badOption');
    expect(ballotProblem(r, -1, 10n, 1_500)).toBe('badOption');
    expect(ballotProblem(r, 0.5, 10n, 1_500)).toBe('badOption');
  });
});

describe('tally', () => {
  it('weights each ballot by its shares', () => {
    const t = tally(
      3,
      [
        { choice: 0, qty: 300n },
        { choice: 1, qty: 100n },
        { choice: 0, qty: 50n },
      ],
      1_000n,
    );
    expect(t).toEqual({
      totals: [350n, 100n, 0n],
      voted: 450n,
      eligible: 1_000n,
      voters: 3,
      turnoutBp: 4500,
    });
  });

  it('has no turnout when nobody was eligible, and never more than 100%', () => {
    expect(tally(2, [], 0n).turnoutBp).toBe(0);
    expect(tally(2, [{ choice: 1, qty: 5n }], 3n)).toMatchObject({ eligible: 5n, turnoutBp: 10_000 });
  });

  it('totals always sum to the shares voted, and turnout stays within 0..10000', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.array(fc.record({ choice: fc.nat(5), qty: fc.bigInt({ min: 1n, max: 10n ** 12n }) }), {
          maxLength: 50,
        }),
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        (options, raw, eligible) => {
          const ballots = raw.map((b) => ({ ...b, choice: b.choice % options }));
          const t = tally(options, ballots, eligible);
          expect(t.totals).toHaveLength(options);
          expect(t.totals.reduce((a, b) => a + b, 0n)).toBe(t.voted);
          expect(t.voted).toBe(ballots.reduce((a, b) => a + b.qty, 0n));
          expect(t.turnoutBp).toBeGreaterThanOrEqual(0);
          expect(t.turnoutBp).toBeLessThanOrEqual(10_000);
        },
      ),
    );
  });
});

describe('resolutionProblem', () => {
  const good = {
    symbol: 'ENGRO',
    meeting: 'agm' as const,
    titleUr: 'عنوان',
    titleEn: 'Title',
    bodyUr: 'متن',
    bodyEn: 'Text',
    options: [
      { ur: 'حق میں', en: 'For' },
      { ur: 'مخالفت', en: 'Against' },
    ],
    recordAt: 1_000,
    deadlineAt: 5_000,
  };
  it('accepts a well-formed resolution, even with a record date already past', () => {
    expect(resolutionProblem(good, 2_000)).toBeNull();
  });
  it('names the first broken rule', () => {
    expect(resolutionProblem({ ...good, symbol: 'engro' }, 0)).toMatch(/symbol/);
    expect(resolutionProblem({ ...good, titleEn: ' ' }, 0)).toMatch(/title/);
    expect(resolutionProblem({ ...good, bodyUr: '' }, 0)).toMatch(/notice/);
    expect(resolutionProblem({ ...good, options: [good.options[0]!] }, 0)).toMatch(/options/);
    expect(resolutionProblem({ ...good, options: [...good.options, { ur: 'x', en: '' }] }, 0)).toMatch(
      /label/,
    );
    expect(resolutionProblem({ ...good, deadlineAt: 1_000 }, 0)).toMatch(/after the record date/);
    expect(resolutionProblem(good, 5_000)).toMatch(/future/);
  });
});
