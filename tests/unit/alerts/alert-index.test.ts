// The price-alert index: each crossing rule, one-shot vs repeating (re-armed only after the value went back),
// removal, and a brute-force comparison on random walks (the index fires exactly what a full scan would).
import { describe, expect, it } from 'vitest';
import {
  AlertIndex,
  conditionMet,
  type AlertKind,
  type IndexedAlert,
} from '../../../server/domain/alerts/alert-index.ts';

let nextId = 1;
const alert = (kind: AlertKind, threshold: number, repeat = false, symbol = 'OGDC'): IndexedAlert => ({
  id: nextId++,
  userId: 1,
  symbol,
  kind,
  threshold,
  repeat,
});
const at = (price: number, changeBps = 0) => ({ price, changeBps });
const ids = (a: IndexedAlert[]) => a.map((x) => x.id).sort((x, y) => x - y);

describe('crossing rules', () => {
  it('above fires at or past the threshold, once when one-shot', () => {
    const ix = new AlertIndex();
    const a = alert('above', 10_000);
    ix.add(a);
    expect(ix.check('OGDC', at(9_999))).toEqual([]);
    expect(ids(ix.check('OGDC', at(10_000)))).toEqual([a.id]);
    expect(ix.check('OGDC', at(10_500))).toEqual([]);
    expect(ix.has(a.id)).toBe(false);
  });

  it('below fires at or under the threshold', () => {
    const ix = new AlertIndex();
    const a = alert('below', 5_000);
    const b = alert('below', 4_000);
    ix.add(a);
    ix.add(b);
    expect(ix.check('OGDC', at(5_001))).toEqual([]);
    expect(ids(ix.check('OGDC', at(4_500)))).toEqual([a.id]);
    expect(ids(ix.check('OGDC', at(3_000)))).toEqual([b.id]);
  });

  it('change fires on a move of N % either way since the previous close', () => {
    const ix = new AlertIndex();
    const up = alert('change', 300);
    ix.add(up);
    expect(ix.check('OGDC', at(100, 299))).toEqual([]);
    expect(ids(ix.check('OGDC', at(100, -300)))).toEqual([up.id]);
    expect(conditionMet('change', 300, at(1, 301))).toBe(true);
  });

  it('a repeating alert fires once per crossing: re-armed only after the price went back', () => {
    const ix = new AlertIndex();
    const a = alert('above', 100, true);
    ix.add(a);
    expect(ids(ix.check('OGDC', at(100)))).toEqual([a.id]);
    expect(ix.check('OGDC', at(101))).toEqual([]);
    expect(ix.check('OGDC', at(100))).toEqual([]);
    expect(ix.check('OGDC', at(99))).toEqual([]); // back under: armed again
    expect(ids(ix.check('OGDC', at(102)))).toEqual([a.id]);
    expect(ix.has(a.id)).toBe(true);
  });

  it('other symbols and removed alerts never fire', () => {
    const ix = new AlertIndex();
    const a = alert('above', 100, false, 'BTCUSDT');
    const b = alert('above', 100);
    ix.add(a);
    ix.add(b);
    ix.remove(b.id);
    expect(ix.check('OGDC', at(200))).toEqual([]);
    expect(ix.check('LUCK', at(200))).toEqual([]);
    expect(ids(ix.check('BTCUSDT', at(200)))).toEqual([a.id]);
    expect(ix.size).toBe(0);
  });

  it('a repeating alert added disarmed waits for the value to go back first', () => {
    const ix = new AlertIndex();
    const a = alert('below', 50, true);
    ix.add(a, false);
    expect(ix.check('OGDC', at(40))).toEqual([]);
    expect(ix.check('OGDC', at(60))).toEqual([]);
    expect(ids(ix.check('OGDC', at(50)))).toEqual([a.id]);
  });
});

describe('the index fires what a full scan would', () => {
  it('on random walks with many alerts of every kind', () => {
    let seed = 42;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const ix = new AlertIndex();
    // the reference: every alert with its armed flag, scanned in full
    const ref = new Map<number, { a: IndexedAlert; armed: boolean }>();
    const kinds: AlertKind[] = ['above', 'below', 'change'];
    for (let i = 0; i < 600; i++) {
      const kind = kinds[i % 3]!;
      const a = alert(
        kind,
        kind === 'change' ? Math.floor(rnd() * 500) : 900 + Math.floor(rnd() * 200),
        rnd() < 0.5,
      );
      ix.add(a);
      ref.set(a.id, { a, armed: true });
    }
    let price = 1000;
    for (let step = 0; step < 400; step++) {
      price += Math.round((rnd() - 0.5) * 20);
      const p = at(price, Math.round((price - 1000) * 10));
      if (step % 50 === 7) {
        // removals mid-walk
        const victim = [...ref.keys()][0]!;
        ref.delete(victim);
        ix.remove(victim);
      }
      const expected: number[] = [];
      for (const r of ref.values()) {
        const met = conditionMet(r.a.kind, r.a.threshold, p);
        if (!r.armed) {
          if (!met) r.armed = true;
          continue;
        }
        if (met) {
          expected.push(r.a.id);
          if (r.a.repeat) r.armed = false;
          else ref.delete(r.a.id);
        }
      }
      expect(ids(ix.check('OGDC', p))).toEqual(expected.sort((x, y) => x - y));
    }
    expect(ix.size).toBe(ref.size);
  });
});
