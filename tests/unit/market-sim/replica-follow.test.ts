// What a replica does with the leader's next record: apply, drop or call a gap.
import { describe, expect, it } from 'vitest';
import { judgeRecord } from '../../../server/domain/market/replica-follow.ts';

const at = { run: 'A', step: 10 };
const none = new Set<string>();

describe('judgeRecord', () => {
  it('applies the next step of its run, drops steps already applied, and calls anything further a gap', () => {
    expect(judgeRecord(at, { run: 'A', n: 11 }, none)).toBe('apply');
    expect(judgeRecord(at, { run: 'A', n: 10 }, none)).toBe('old');
    expect(judgeRecord(at, { run: 'A', n: 3 }, none)).toBe('old');
    expect(judgeRecord(at, { run: 'A', n: 12 }, none)).toBe('gap');
  });

  it('follows a run that continues exactly from where it stands (a promoted replica), and nothing else', () => {
    expect(judgeRecord(at, { run: 'B', n: 11, fork: ['A', 10] }, none)).toBe('apply');
    // The new leader stood elsewhere: its market may differ from ours.
    expect(judgeRecord(at, { run: 'B', n: 10, fork: ['A', 9] }, none)).toBe('gap');
    expect(judgeRecord(at, { run: 'B', n: 12, fork: ['A', 11] }, none)).toBe('gap');
    expect(judgeRecord(at, { run: 'B', n: 11, fork: ['C', 10] }, none)).toBe('gap');
    // A fresh leader (no fork), or a later record of the new run that missed its first one.
    expect(judgeRecord(at, { run: 'B', n: 1 }, none)).toBe('gap');
    expect(judgeRecord(at, { run: 'B', n: 11 }, none)).toBe('gap');
  });

  it('drops late records of a run it has left', () => {
    expect(judgeRecord(at, { run: 'Z', n: 99 }, new Set(['Z']))).toBe('old');
  });
});
