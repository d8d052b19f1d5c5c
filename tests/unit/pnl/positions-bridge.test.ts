// The positions side of the bridge: worker updates land in per-symbol atoms (a tick notifies only that row's
// subscribers), stale accounts are dropped, and the signed-in account reaches the worker port — also end to
// end from the real worker feeds through the batch applier.
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PositionLiveView, PositionsUpdate } from '../../../workers/protocol/positions-api.ts';
import { positionKey } from '../../../workers/protocol/positions-api.ts';
import { createBatchApplier } from '../../../src/market/apply-batch.ts';
import { setMarketBridge } from '../../../src/market/bridge.ts';
import type { MarketPort } from '../../../src/market/market-port.ts';
import { InterestCounter } from '../../../src/market/interest.ts';
import { applyPositionsUpdate, resetPositions } from '../../../src/market/positions-apply.ts';
import {
  positionAtomFamily,
  positionsAccountAtom,
  positionsListAtom,
  positionTotalsAtom,
} from '../../../src/market/positions-atoms.ts';
import { followSession } from '../../../src/market/account.ts';
import { resetAccount } from '../../../src/market/account-apply.ts';
import { appStore } from '../../../src/shared/state/jotai.ts';
import { accountTypeAtom, tokenAtom } from '../../../src/shared/state/session-atoms.ts';
import { ticker } from '../worker/fakes.ts';
import { createHarness } from '../worker/service-harness.ts';
import { position } from '../support/position.ts';

afterEach(() => {
  vi.useRealTimers();
  setMarketBridge(null);
  resetAccount(appStore, null);
});

const live = (last: string, pnl: string, dir: -1 | 0 | 1 = 0): PositionLiveView => ({
  last,
  marketValue: last,
  pnl,
  pnlPct: '0.00%',
  pnlValue: Number(pnl),
  pnlPctValue: 0,
  dir,
});
const info = {
  nameEn: 'A',
  nameUr: 'اے',
  qty: '1',
  available: '1',
  locked: '0',
  avgCost: '1.00',
  cost: '1.00',
};

describe('positions atoms', () => {
  it('a row update notifies only that row; list and totals have their own atoms', () => {
    const store = createStore();
    const seen: string[] = [];
    for (const s of ['AAA', 'BBB']) store.sub(positionAtomFamily(s), () => seen.push(s));
    store.sub(positionTotalsAtom, () => seen.push('totals'));
    store.sub(positionsListAtom, () => seen.push('list'));
    const first: PositionsUpdate = {
      accountKey: 'real',
      symbols: ['AAA', 'BBB'],
      rows: [
        { symbol: 'AAA', info, live: live('1.00', '0.00') },
        { symbol: 'BBB', info, live: live('2.00', '+1.00') },
      ],
      totals: {
        count: 2,
        marketValue: '3.00',
        cost: '2.00',
        pnl: '+1.00',
        pnlPct: '+50.00%',
        pnlValue: 1,
        pnlPctValue: 50,
      },
    };
    applyPositionsUpdate(store, first);
    expect(seen.sort()).toEqual(['AAA', 'BBB', 'list', 'totals']);
    seen.length = 0;
    // The same order again (a re-read of the hold list) keeps the list atom as it is.
    applyPositionsUpdate(store, { accountKey: 'real', symbols: ['AAA', 'BBB'] });
    expect(seen).toEqual([]);
    applyPositionsUpdate(store, {
      accountKey: 'real',
      rows: [{ symbol: 'BBB', live: live('2.10', '+1.10', 1) }],
    });
    expect(seen).toEqual(['BBB']);
    expect(store.get(positionAtomFamily('BBB'))).toMatchObject({
      last: '2.10',
      pnl: '+1.10',
      dir: 1,
      flash: 1,
      qty: '1',
    });
    // A flat update keeps the last direction (the flash colour) without flashing again.
    applyPositionsUpdate(store, {
      accountKey: 'real',
      rows: [{ symbol: 'BBB', live: live('2.10', '+1.10', 0) }],
    });
    expect(store.get(positionAtomFamily('BBB'))).toMatchObject({ dir: 1, flash: 1 });
  });

  it('drops updates of another account, live patches of unseen rows, and clears removed rows', () => {
    const store = createStore();
    resetPositions(store, 'demo');
    applyPositionsUpdate(store, { accountKey: 'real', symbols: ['AAA'] });
    expect(store.get(positionsListAtom)).toBeNull();
    applyPositionsUpdate(store, {
      accountKey: 'demo',
      rows: [{ symbol: 'ZZZ', live: live('1.00', '0.00') }],
    });
    expect(store.get(positionAtomFamily('ZZZ'))).toBeNull();
    applyPositionsUpdate(store, {
      accountKey: 'demo',
      symbols: ['AAA'],
      rows: [{ symbol: 'AAA', info, live: live('1.00', '0.00') }],
    });
    applyPositionsUpdate(store, { accountKey: 'demo', symbols: [], removed: ['AAA'] });
    expect(store.get(positionAtomFamily('AAA'))).toBeNull();
    expect(store.get(positionsListAtom)).toEqual([]);
  });
});

describe('positions commands and the worker end to end', () => {
  it('naming another account to the worker clears what the previous one showed', async () => {
    const calls: unknown[] = [];
    const port = { setAccount: (s: unknown) => calls.push(s) } as unknown as MarketPort;
    setMarketBridge({ port, interest: new InterestCounter(() => {}) });
    appStore.set(tokenAtom, 'tok-real');
    appStore.set(accountTypeAtom, 'real');
    const off = followSession(appStore);
    applyPositionsUpdate(appStore, { accountKey: ':real', symbols: ['AAA'] });
    expect(appStore.get(positionsListAtom)).toEqual(['AAA']);
    // A switch writes the type, then the token: the worker hears the settled pair once.
    appStore.set(accountTypeAtom, 'demo');
    appStore.set(tokenAtom, 'tok-demo');
    await Promise.resolve();
    expect(appStore.get(positionsListAtom)).toBeNull();
    expect(appStore.get(positionsAccountAtom)).toBe(':demo');
    // A late post for the previous account is dropped.
    applyPositionsUpdate(appStore, { accountKey: ':real', symbols: ['AAA'] });
    expect(appStore.get(positionsListAtom)).toBeNull();
    appStore.set(tokenAtom, '');
    await Promise.resolve();
    expect(calls).toEqual([
      { token: 'tok-real', accountKey: ':real' },
      { token: 'tok-demo', accountKey: ':demo' },
      null,
    ]);
    off();
  });

  it('worker batches → applier → atoms: a tick re-renders only its row', async () => {
    const h = createHarness(new Map());
    const store = createStore();
    const apply = createBatchApplier(store);
    let applied = 0;
    const pump = () => {
      for (; applied < h.batches.length; applied++) apply(h.batches[applied]!);
    };
    h.socket().open();
    h.socket().push({ op: 'snap', ch: 'tickers:psx', seq: 1, ts: 0, data: [] });
    h.worker.account.loaded!.positions.set('real', [
      position('AAA', '100', '10.00'),
      position('BBB', '50', '20.00'),
    ]);
    h.service.subscribe([positionKey('AAA'), positionKey('BBB')]);
    await h.advance(110);
    pump();
    expect(store.get(positionsListAtom)).toEqual(['AAA', 'BBB']);
    expect(store.get(positionAtomFamily('AAA'))).toMatchObject({
      marketValue: '1,000.00',
      pnl: '0.00',
      qty: '100',
    });
    const seen: string[] = [];
    for (const s of ['AAA', 'BBB']) store.sub(positionAtomFamily(s), () => seen.push(s));
    h.socket().push({ op: 'delta', ch: 'tickers:psx', seq: 2, ts: 0, data: [ticker('BBB', '19.99', 5000)] });
    await h.advance(110);
    pump();
    expect(seen).toEqual(['BBB']);
    expect(store.get(positionAtomFamily('BBB'))).toMatchObject({ pnl: '-0.50', pnlPct: '-0.05%', dir: -1 });
    expect(store.get(positionTotalsAtom)).toMatchObject({
      marketValue: '1,999.50',
      pnl: '-0.50',
      pnlPct: '-0.02%',
    });
  });

  it("today's P&L reaches the row and totals atoms, and a new trading day re-bases it", async () => {
    const h = createHarness(new Map());
    const apply = createBatchApplier(appStore);
    let applied = 0;
    const pump = () => {
      for (; applied < h.batches.length; applied++) apply(h.batches[applied]!);
    };
    h.socket().open();
    h.socket().push({ op: 'snap', ch: 'tickers:psx', seq: 1, ts: 0, data: [] });
    const today = { prevClose: '10.00', todayQty: '40', todayCost: '404.00' };
    h.worker.account.loaded!.positions.set('real', [{ ...position('AAA', '100', '10.05'), ...today }]);
    h.service.subscribe([positionKey('AAA')]);
    await h.advance(110);
    pump();
    // 100 × 10.05 − (60 × 10.00 + 404.00) = +1.00 on a base of 1,004.00
    expect(appStore.get(positionAtomFamily('AAA'))).toMatchObject({
      todayPnl: '+1.00',
      todayPnlPct: '+0.09%',
      todayPnlValue: 1,
    });
    expect(appStore.get(positionTotalsAtom)).toMatchObject({ todayPnl: '+1.00', todayPnlPct: '+0.09%' });
    h.socket().push({
      op: 'delta',
      ch: 'tickers:psx',
      seq: 2,
      ts: 0,
      data: [ticker('AAA', '9.90', 5000, { pc: '10.00' })],
    });
    await h.advance(110);
    pump();
    expect(appStore.get(positionAtomFamily('AAA'))).toMatchObject({ todayPnl: '-14.00', todayPnlValue: -14 });
    expect(appStore.get(positionTotalsAtom)).toMatchObject({ todayPnl: '-14.00', todayPnlPct: '-1.39%' });
    h.socket().push({
      op: 'delta',
      ch: 'tickers:psx',
      seq: 3,
      ts: 0,
      data: [ticker('AAA', '9.90', 6000, { pc: '9.95' })],
    });
    await h.advance(110);
    pump();
    expect(appStore.get(positionAtomFamily('AAA'))).toMatchObject({
      todayPnl: '-5.00',
      todayPnlPct: '-0.50%',
    });
  });
});
