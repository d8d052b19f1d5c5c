// Sequence numbers of a stateful feed: numbered per channel from 1, read back, and judged by the receiver as
// the next one, a gap (a skipped number or a new publisher) or a stale repeat.
import { describe, expect, it } from 'vitest';
import { GapDetector, readStamped, Sequencer } from '../../../server/domain/bus/sequence.ts';

describe('Sequencer', () => {
  it('numbers each channel from 1 and carries its own id and the data', () => {
    const s = new Sequencer('leader-1');
    const msgs = [s.stamp('a', { x: 1 }), s.stamp('b', 'y'), s.stamp('a', null)].map((m) => readStamped(m));
    expect(msgs).toEqual([
      { src: 'leader-1', seq: 1, data: { x: 1 } },
      { src: 'leader-1', seq: 1, data: 'y' },
      { src: 'leader-1', seq: 2, data: null },
    ]);
    expect(new Sequencer().src).not.toBe(new Sequencer().src);
  });

  it('reads only stamped messages', () => {
    for (const bad of [
      'nope',
      '{}',
      '{"src":"a","seq":0,"data":1}',
      '{"src":"a","seq":1.5,"data":1}',
      '{"src":1,"seq":1,"data":1}',
      '{"src":"a","seq":1}',
      'null',
    ]) {
      expect(readStamped(bad), bad).toBeUndefined();
    }
  });
});

describe('GapDetector', () => {
  it('accepts the first message and each next one, per channel', () => {
    const g = new GapDetector();
    expect(g.check('a', { src: 'p', seq: 41 })).toBe('next');
    expect(g.check('a', { src: 'p', seq: 42 })).toBe('next');
    expect(g.check('b', { src: 'p', seq: 7 })).toBe('next');
  });

  it('reports a skipped number, then goes on from the new one', () => {
    const g = new GapDetector();
    g.check('a', { src: 'p', seq: 1 });
    expect(g.check('a', { src: 'p', seq: 3 })).toBe('gap');
    expect(g.check('a', { src: 'p', seq: 4 })).toBe('next');
  });

  it('reports a new publisher as a gap (a restart or a new leader), and a repeat as stale', () => {
    const g = new GapDetector();
    g.check('a', { src: 'p', seq: 5 });
    expect(g.check('a', { src: 'p', seq: 5 })).toBe('stale');
    expect(g.check('a', { src: 'p', seq: 2 })).toBe('stale');
    expect(g.check('a', { src: 'q', seq: 1 })).toBe('gap');
    expect(g.check('a', { src: 'q', seq: 2 })).toBe('next');
    g.forget('a');
    expect(g.check('a', { src: 'q', seq: 9 })).toBe('next');
  });
});
