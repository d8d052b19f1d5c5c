// The app's reading of the worker's feed status (connecting / offline / live), the "as of" times of market
// and portfolio figures, the account update's asOf and kept watchlist, and the page's network events reaching
// the worker.
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { applyAccountUpdate, resetAccount } from '../../../src/market/account-apply.ts';
import { accountAsOfAtom, savedWatchlistAtom } from '../../../src/market/account-atoms.ts';
import { createBridge } from '../../../src/market/bridge.ts';
import {
  CONNECT_GRACE_MS,
  deviceOnlineAtom,
  feedView,
  marketAsOf,
} from '../../../src/market/connectivity.ts';
import type { MarketPort } from '../../../src/market/market-port.ts';

describe('feedView', () => {
  it('reads a start with nothing yet as connecting, for the grace period only', () => {
    const s = { state: 'offline' as const, lastUpdate: null, since: 1000 };
    expect(feedView(s, 1000 + CONNECT_GRACE_MS - 1).status).toBe('connecting');
    expect(feedView(s, 1000 + CONNECT_GRACE_MS).status).toBe('offline');
  });

  it('says offline at once when the worker knows it for sure (no network, a failed round)', () => {
    expect(feedView({ state: 'offline', lastUpdate: null, since: 1000, settled: true }, 1001).status).toBe(
      'offline',
    );
  });

  it('saved figures are not proof of a connection: connecting until a source answers or offline is sure', () => {
    const saved = { state: 'offline' as const, lastUpdate: 500, since: 1000, source: 'saved' as const };
    expect(feedView(saved, 1001)).toEqual({ status: 'connecting', lastUpdate: 500, source: 'saved' });
    expect(feedView({ ...saved, settled: true }, 1001).status).toBe('offline');
    // After live figures, losing the source is offline at once (as before).
    expect(feedView({ state: 'offline', lastUpdate: 900, since: 1000, source: 'socket' }, 1001).status).toBe(
      'offline',
    );
  });

  it('gives market figures an "as of" time only while no source delivers', () => {
    expect(marketAsOf({ status: 'live', lastUpdate: 5 })).toBeNull();
    expect(marketAsOf({ status: 'polling', lastUpdate: 5 })).toBeNull();
    expect(marketAsOf({ status: 'offline', lastUpdate: 5 })).toBe(5);
    expect(marketAsOf({ status: 'connecting', lastUpdate: 5, source: 'saved' })).toBe(5);
    expect(marketAsOf({ status: 'offline', lastUpdate: null })).toBeNull();
  });
});

describe('account update: offline fields', () => {
  it('writes asOf (null clears it) and the kept watchlist for the current account only; a switch clears both', () => {
    const store = createStore();
    resetAccount(store, '7:real');
    const w = { stocks: ['OGDC'], coins: [], instruments: [] };
    applyAccountUpdate(store, { accountKey: '7:demo', asOf: 1, watchlist: w });
    expect(store.get(accountAsOfAtom)).toBeNull();
    applyAccountUpdate(store, { accountKey: '7:real', asOf: 1234, watchlist: w });
    expect(store.get(accountAsOfAtom)).toBe(1234);
    expect(store.get(savedWatchlistAtom)).toEqual(w);
    applyAccountUpdate(store, { accountKey: '7:real', orders: [] });
    expect(store.get(accountAsOfAtom)).toBe(1234);
    applyAccountUpdate(store, { accountKey: '7:real', asOf: null });
    expect(store.get(accountAsOfAtom)).toBeNull();
    applyAccountUpdate(store, { accountKey: '7:real', asOf: 99 });
    resetAccount(store, '7:demo');
    expect(store.get(accountAsOfAtom)).toBeNull();
    expect(store.get(savedWatchlistAtom)).toBeNull();
  });
});

describe('bridge: the network and leaving the page', () => {
  it('forwards online/offline to the worker and the store, and treats pagehide as hidden', () => {
    const store = createStore();
    const port: MarketPort = {
      init: vi.fn(),
      onBatch: vi.fn(),
      subscribe: vi.fn(),
      unsubscribe: vi.fn(),
      setHidden: vi.fn(),
      setOnline: vi.fn(),
      status: () => ({ state: 'offline', lastUpdate: null, since: 0 }),
      loadOlderCandles: () => 0,
    };
    const win = new EventTarget();
    createBridge(port, { apiBase: '/api/', wsUrl: null }, store, null, win as unknown as Window);
    win.dispatchEvent(new Event('offline'));
    expect(port.setOnline).toHaveBeenLastCalledWith(false);
    expect(store.get(deviceOnlineAtom)).toBe(false);
    win.dispatchEvent(new Event('online'));
    expect(port.setOnline).toHaveBeenLastCalledWith(true);
    expect(store.get(deviceOnlineAtom)).toBe(true);
    win.dispatchEvent(new Event('pagehide'));
    expect(port.setHidden).toHaveBeenLastCalledWith(true);
  });
});
