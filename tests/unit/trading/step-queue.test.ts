// The matching engine's pass queue (server/domain/trading/step-queue.ts): one pass at a time, whatever arrives
// during a pass merged into exactly one more, each caller told when the pass that included its item ended
// (with its error when it failed), and the queue going on after a failure.
import { describe, expect, it } from 'vitest';
import { CoalescingQueue } from '../../../server/domain/trading/step-queue.ts';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('CoalescingQueue', () => {
  it('never runs two passes at once and merges what came during a pass into one', async () => {
    const runs: number[][] = [];
    let running = 0;
    let most = 0;
    const first = gate();
    const q = new CoalescingQueue<number[]>(
      (a, b) => [...a, ...b],
      async (items) => {
        running += 1;
        most = Math.max(most, running);
        runs.push(items);
        if (runs.length === 1) await first.opened;
        running -= 1;
      },
    );
    const a = q.push([1]);
    await Promise.resolve();
    await Promise.resolve();
    const b = q.push([2]);
    const c = q.push([3]);
    expect(c).toBe(b);
    first.open();
    await Promise.all([a, b, c]);
    expect(runs).toEqual([[1], [2, 3]]);
    expect(most).toBe(1);
    await q.idle();
  });

  it('rejects the callers of a failed pass and goes on with the next', async () => {
    let n = 0;
    const q = new CoalescingQueue<string>(
      (a, b) => a + b,
      async (item) => {
        n += 1;
        if (item === 'bad') throw new Error('pass failed');
      },
    );
    await expect(q.push('bad')).rejects.toThrow('pass failed');
    await expect(q.push('good')).resolves.toBeUndefined();
    await q.idle();
    expect(n).toBe(2);
  });
});
