// The worker's indicator posts into the store: a reset replaces the view (version bump), a live tail replaces
// points by time or appends them (changedFrom says where update() starts), a released channel is cleared.
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { BatchListener, InterestKey } from '../../../workers/protocol/worker-api.ts';
import { nextIndicator } from '../../../src/market/apply-indicators.ts';
import { createBridge } from '../../../src/market/bridge.ts';
import type { MarketPort } from '../../../src/market/market-port.ts';
import { EMPTY_INDICATOR, indicatorAtomFamily } from '../../../src/market/atoms.ts';
import { indicatorUpdate } from './indicator-update.ts';

describe('nextIndicator', () => {
  it('replaces on a reset and merges a live tail by bar time', () => {
    const a = nextIndicator(
      EMPTY_INDICATOR,
      indicatorUpdate(true, [
        [60, 1, NaN, NaN],
        [120, 0, 2, NaN],
        [180, 1, 3, 2.5],
      ]),
    );
    expect(a).toMatchObject({
      status: 'success',
      lines: ['ma5', 'ma10'],
      time: [60, 120, 180],
      up: [1, 0, 1],
    });
    expect(a.values[1]).toEqual([NaN, NaN, 2.5]);
    expect(a.version).toBe(1);
    // The live bar moved and the next one opened.
    const b = nextIndicator(
      a,
      indicatorUpdate(false, [
        [180, 0, 3.5, 2.75],
        [240, 1, 4, 3],
      ]),
    );
    expect(b.version).toBe(1);
    expect(b.changedFrom).toBe(2);
    expect(b.time).toEqual([60, 120, 180, 240]);
    expect(b.values[0]).toEqual([NaN, 2, 3.5, 4]);
    expect(b.up).toEqual([1, 0, 0, 1]);
    expect(a.values[0]).toEqual([NaN, 2, 3]); // the previous view is untouched (React compares identity)
    const c = nextIndicator(b, indicatorUpdate(false, [[240, 1, 4.5, 3.25]]));
    expect(c.changedFrom).toBe(3);
    expect(nextIndicator(c, indicatorUpdate(true, [[240, 1, 1, 1]])).version).toBe(2);
  });

  it('takes a tail with other lines (a stale post) as a whole view', () => {
    const a = nextIndicator(EMPTY_INDICATOR, indicatorUpdate(true, [[60, 1, 1, 1]]));
    const b = nextIndicator(a, indicatorUpdate(false, [[60, 1, 7]], ['rsi']));
    expect(b).toMatchObject({ lines: ['rsi'], time: [60], values: [[7]], version: 2 });
  });
});

describe('bridge', () => {
  it('writes indicator posts to their atom and clears them when the chart lets go', () => {
    let listener: BatchListener | null = null;
    const port: MarketPort = {
      init: () => undefined,
      onBatch: (l) => void (listener = l),
      subscribe: () => undefined,
      unsubscribe: () => undefined,
      setHidden: () => undefined,
      status: () => ({ state: 'live', lastUpdate: null, since: 0 }),
      loadOlderCandles: () => 0,
    };
    const store = createStore();
    const b = createBridge(port, { apiBase: '/api/', wsUrl: null }, store, null);
    listener!({ indicators: [indicatorUpdate(true, [[60, 1, 1, 2]])] });
    const atom = indicatorAtomFamily('OGDC:1m:SMA');
    expect(store.get(atom).values).toEqual([[1], [2]]);
    const key: InterestKey = 'indicator:OGDC:1m:SMA';
    b.interest.add([key]);
    b.interest.flush();
    b.interest.remove([key]);
    b.interest.flush();
    expect(store.get(atom)).toBe(EMPTY_INDICATOR);
  });
});
