// The in-process bus and what both buses share: channel and pattern rules (as Redis matches them), delivery in
// publish order even when a handler publishes, unsubscribe, a throwing handler that stops nobody else, and
// nothing delivered after close.
import { describe, expect, it } from 'vitest';
import { checkChannel, isPattern, patternMatcher } from '../../../server/domain/bus/bus.ts';
import { MemoryBus } from '../../../server/domain/bus/memory-bus.ts';

describe('channels and patterns', () => {
  it('accepts plain channel names and refuses glob characters in them', () => {
    expect(() => checkChannel('market:HBL')).not.toThrow();
    expect(() => checkChannel('account:42')).not.toThrow();
    for (const bad of ['', 'a b', 'market:*', 'x?', 'a[b]', 'a\\b', 'x'.repeat(201)]) {
      expect(() => checkChannel(bad), bad).toThrow(/bad bus channel/);
    }
    expect(() => checkChannel('a[b]', true)).toThrow(/bad bus pattern/);
    expect(isPattern('account:*')).toBe(true);
    expect(isPattern('account:1')).toBe(false);
  });

  it('matches * and ? as Redis does, and nothing else specially', () => {
    const m = patternMatcher('account:*');
    expect(['account:1', 'account:', 'account:1:x'].every(m)).toBe(true);
    expect(['accounts:1', 'market:account:1'].some(m)).toBe(false);
    const q = patternMatcher('m?:a.b');
    expect(q('mx:a.b')).toBe(true);
    expect(q('mx:aXb')).toBe(false);
    expect(q('m:a.b')).toBe(false);
  });
});

describe('MemoryBus', () => {
  it('delivers synchronously to channel and pattern subscribers, in order, with the channel', () => {
    const bus = new MemoryBus();
    const got: string[] = [];
    bus.subscribe('market:HBL', (m, c) => got.push(`exact ${c} ${m}`));
    bus.subscribe('market:*', (m, c) => got.push(`pattern ${c} ${m}`));
    bus.publish('market:HBL', '1');
    bus.publish('market:OGDC', '2');
    bus.publish('account:1', '3');
    expect(got).toEqual(['exact market:HBL 1', 'pattern market:HBL 1', 'pattern market:OGDC 2']);
  });

  it('queues what a handler publishes behind the message being delivered', () => {
    const bus = new MemoryBus();
    const seen: Record<string, string[]> = { a: [], b: [] };
    bus.subscribe('c', (m) => {
      seen['a']!.push(m);
      if (m === '1') bus.publish('c', '2');
    });
    bus.subscribe('c', (m) => seen['b']!.push(m));
    bus.publish('c', '1');
    expect(seen).toEqual({ a: ['1', '2'], b: ['1', '2'] });
  });

  it('stops delivering after unsubscribe, and a throwing handler stops nobody else', () => {
    const errors: string[] = [];
    const bus = new MemoryBus((err, { channel }) => errors.push(`${channel}: ${(err as Error).message}`));
    const got: string[] = [];
    const stop = bus.subscribe('c', (m) => got.push(m));
    bus.subscribe('c', () => {
      throw new Error('boom');
    });
    bus.subscribe('c', (m) => got.push(`also ${m}`));
    bus.publish('c', '1');
    stop();
    stop();
    bus.publish('c', '2');
    expect(got).toEqual(['1', 'also 1', 'also 2']);
    expect(errors).toEqual(['c: boom', 'c: boom']);
  });

  it('delivers nothing after close, and ready() resolves at once', async () => {
    const bus = new MemoryBus();
    const got: string[] = [];
    bus.subscribe('c', (m) => got.push(m));
    await bus.ready();
    await bus.close();
    bus.publish('c', 'late');
    bus.subscribe('c', (m) => got.push(m));
    bus.publish('c', 'later');
    expect(got).toEqual([]);
  });
});
