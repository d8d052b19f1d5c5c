// The account channel's deltas reach the worker as upserts or removals of the order's symbol; the channel URL
// sits next to the API base on the page's scheme.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountDelta, Position, StockOrder } from '../../../../workers/protocol/trade.ts';

const calls: string[] = [];
vi.mock('../../../../src/market/positions.ts', () => ({
  setPositions: (k: string, l: Position[]) => calls.push(`set ${k} ${l.length}`),
  upsertPositions: (k: string, l: Position[]) =>
    calls.push(`upsert ${k} ${l.map((p) => p.symbol).join(',')}`),
  removePosition: (k: string, s: string) => calls.push(`remove ${k} ${s}`),
  usePosition: () => null,
  usePositionsList: () => null,
  usePositionsSubscription: () => undefined,
  usePositionTotals: () => null,
}));

const { applyAccountDelta } = await import('../../../../src/features/positions/positions-live.ts');
const { accountSocketUrl } = await import('../../../../src/features/positions/account-socket.ts');

const pos = { symbol: 'OGDC', qty: '100' } as Position;
const order = { symbol: 'OGDC', id: 1 } as StockOrder;

beforeEach(() => {
  calls.length = 0;
});

describe('applyAccountDelta', () => {
  it("upserts the order's symbol while it is held", () => {
    applyAccountDelta('7:demo', { order, positions: [pos] } satisfies AccountDelta);
    expect(calls).toEqual(['upsert 7:demo OGDC']);
  });
  it('removes the symbol when the delta says it is no longer held', () => {
    applyAccountDelta('7:demo', { order, positions: [] });
    expect(calls).toEqual(['remove 7:demo OGDC']);
  });
  it('leaves positions alone when the delta carries none (an open order placed)', () => {
    applyAccountDelta('7:demo', { order });
    expect(calls).toEqual([]);
  });
});

describe('accountSocketUrl', () => {
  it('uses ws on http and wss on https, next to the API base', () => {
    expect(accountSocketUrl('/api/', 'http://127.0.0.1:5000/pages/tabbar/position')).toBe(
      'ws://127.0.0.1:5000/api/ws/account',
    );
    expect(accountSocketUrl('https://api.example.com.pk/api/', 'https://example.com.pk/x')).toBe(
      'wss://api.example.com.pk/api/ws/account',
    );
  });
});
