// Where a replica stands in the leader's step stream, and what to do with the next record: apply it (the next
// step of the run it follows, or the first step of a run that continues exactly from where it stands), drop it
// (a step already applied, or one of a run it has left), or call it a gap (anything else: it needs a snapshot).

import type { StepRecord } from './step-record.ts';

export interface StreamPosition {
  run: string;
  /** last step applied */
  step: number;
}

export type RecordVerdict = 'apply' | 'old' | 'gap';

/** `left`: runs this replica followed before (their late records are dropped, not gaps). */
export function judgeRecord(
  at: StreamPosition,
  rec: Pick<StepRecord, 'run' | 'n' | 'fork'>,
  left: ReadonlySet<string>,
): RecordVerdict {
  if (rec.run === at.run) {
    if (rec.n <= at.step) return 'old';
    return rec.n === at.step + 1 ? 'apply' : 'gap';
  }
  if (left.has(rec.run)) return 'old';
  const f = rec.fork;
  return f && f[0] === at.run && f[1] === at.step && rec.n === at.step + 1 ? 'apply' : 'gap';
}
