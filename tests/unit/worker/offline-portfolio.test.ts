// The portfolio kept on the device (issue 14 §5) end to end on fake timers, a fake socket, a fake REST server
// and the in-memory store: what is written (exact strings, the last prices, the tickers of held and watched
// symbols only, per account), how often (at most every 2 s, at once when the page hides), what an offline start
// shows (the saved figures at once, "as of" their time, P&L as it read), and what never happens (real and demo
// mixing, a record surviving sign-out or an ended session, a save of figures that were never live).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountUpdate, WatchlistSnapshot } from '../../../workers/protocol/account-api.ts';
import type { PositionTotalsView } from '../../../workers/protocol/positions-api.ts';
import type { FeedStatus } from '../../../workers/protocol/feed-status.ts';
import { WS_ERR } from '../../../workers/protocol/market.ts';
import { MemoryPortfolioStore } from '../../../workers/market/offline/saved-portfolio.ts';
import { position } from '../support/position.ts';
import { accountRoutes, assets, order } from './account-fixtures.ts';
import { delta, snap, ticker } from './fakes.ts';
import { createHarness, psxBoard, type Harness } from './service-harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

const REAL = { token: 'tok-real', accountKey: '7:real' };
const DEMO = { token: 'tok-demo', accountKey: '7:demo' };
const WATCH: WatchlistSnapshot = {
  stocks: ['BBB'],
  coins: [],
  instruments: [
    {
      symbol: 'BBB',
      nameEn: 'Bee',
      nameUr: 'بی',
      sector: 'banks',
      market: 'psx',
      quote: 'PKR',
      base: 'BBB',
      tickSize: '0.01',
      lotSize: '1',
      priceDecimals: 2,
      qtyDecimals: 0,
    },
  ],
};

const accountUpdates = (h: Harness, key = REAL.accountKey): AccountUpdate[] =>
  h.batches.flatMap((b) => (b.account?.accountKey === key ? [b.account] : []));
function lastAsOf(h: Harness, key = REAL.accountKey): number | null | undefined {
  let v: number | null | undefined;
  for (const u of accountUpdates(h, key)) if (u.asOf !== undefined) v = u.asOf;
  return v;
}
function lastTotals(h: Harness, key = REAL.accountKey): PositionTotalsView | undefined {
  let v: PositionTotalsView | undefined;
  for (const b of h.batches)
    if (b.positions?.accountKey === key && b.positions.totals) v = b.positions.totals;
  return v;
}
function lastStatus(h: Harness): FeedStatus | undefined {
  return h.batches.flatMap((b) => (b.status ? [b.status] : [])).at(-1);
}

/** A live session: the market ticks AAA at 12.00 (held) and BBB at 50.00 (watched); the account holds AAA. */
async function liveSession(store: MemoryPortfolioStore, session = REAL) {
  const h = createHarness(psxBoard(), {}, {}, { portfolioStore: store });
  h.socket().open();
  h.socket().push(
    snap('tickers:psx', 1, [
      ticker('AAA', '12.00', Date.now()),
      ticker('BBB', '50.00', Date.now()),
      ticker('CCC', '7.00', Date.now()),
    ]),
  );
  h.service.setAccount(session);
  h.service.setWatchlist(session.accountKey, WATCH);
  const acct = h.accountSocket();
  acct.open();
  acct.push(
    snap('account', 0, {
      orders: [order(2, 'pending')],
      positions: [position('AAA', '100', '10.00')],
      assets: assets('1000.00', '100.00'),
    }),
  );
  await h.advance(220);
  return { h, acct };
}

describe('portfolio kept offline: saving', () => {
  it('writes exact strings, the last prices and only the held and watched tickers, per account', async () => {
    const store = new MemoryPortfolioStore();
    await liveSession(store);
    const rec = store.records.get(REAL.accountKey)!;
    expect(rec).toMatchObject({ v: 1, accountKey: '7:real', watchlist: WATCH });
    expect(rec.positions).toEqual([{ ...position('AAA', '100', '10.00'), lastPrice: '12.00' }]);
    expect(rec.orders.map((o) => o.id)).toEqual([2]);
    expect(rec.assets).toMatchObject({ available: '1000.00', frozen: '100.00' });
    expect(rec.tickers).toEqual([
      { market: 'psx', tickers: [expect.objectContaining({ s: 'AAA', p: '12.00' }), expect.anything()] },
    ]);
    expect(rec.tickers[0]!.tickers.map((t) => t.s).sort()).toEqual(['AAA', 'BBB']);
    // No float anywhere: every figure is a decimal string (times are the only numbers).
    const numbers: string[] = [];
    JSON.stringify(rec, (k, v: unknown) => (typeof v === 'number' && numbers.push(k), v));
    expect(new Set(numbers)).toEqual(
      new Set(['v', 'asOf', 't', 'id', 'createdAt', 'updatedAt', 'priceDecimals', 'qtyDecimals']),
    );
    expect(store.records.size).toBe(1);
  });

  it('saves at most once per 2 s while prices move, and at once when the page hides', async () => {
    const store = new MemoryPortfolioStore();
    const { h } = await liveSession(store);
    const first = store.saves;
    expect(first).toBeGreaterThanOrEqual(1);
    for (let k = 0; k < 100; k++) {
      h.socket().push(
        delta('tickers:psx', 2 + k, [ticker('AAA', `12.${String(k).padStart(2, '0')}`, Date.now())]),
      );
      await h.advance(100);
    }
    // 10 s of ticks every 100 ms: one write per 2 s, not one per tick.
    expect(store.saves - first).toBeGreaterThanOrEqual(4);
    expect(store.saves - first).toBeLessThanOrEqual(6);
    expect(store.records.get(REAL.accountKey)!.positions[0]!.lastPrice).not.toBe('12.00');
    h.socket().push(delta('tickers:psx', 102, [ticker('AAA', '13.37', Date.now())]));
    await h.advance(60);
    const before = store.saves;
    h.service.setHidden(true);
    await h.advance(0);
    expect(store.saves).toBe(before + 1);
    expect(store.records.get(REAL.accountKey)!.positions[0]!.lastPrice).toBe('13.37');
  });

  it('a new session that has not heard of a watched symbol yet keeps its saved ticker', async () => {
    const store = new MemoryPortfolioStore();
    await liveSession(store);
    // A fresh start on a screen whose market snapshot carries only the held symbol (BBB not subscribed).
    const h = createHarness(psxBoard(), {}, {}, { portfolioStore: store });
    h.socket().open();
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '12.50', Date.now())]));
    h.service.setAccount(REAL);
    await h.advance(0);
    h.service.setWatchlist(REAL.accountKey, WATCH);
    h.accountSocket().open();
    h.accountSocket().push(
      snap('account', 0, {
        orders: [],
        positions: [position('AAA', '100', '10.00')],
        assets: assets('1000.00', '0.00'),
      }),
    );
    const before = store.saves;
    await h.advance(2500);
    expect(store.saves).toBeGreaterThan(before);
    const rec = store.records.get(REAL.accountKey)!;
    const byS = new Map(rec.tickers.flatMap((m) => m.tickers.map((t) => [t.s, t.p] as const)));
    expect(byS.get('AAA')).toBe('12.50');
    expect(byS.get('BBB')).toBe('50.00');
  });

  it('a new session whose read of the store failed still keeps the watchlist and the watched ticker', async () => {
    const store = new MemoryPortfolioStore();
    await liveSession(store);
    // The next page's worker cannot read the device's record (IndexedDB refused the read): it knows neither
    // the watchlist nor BBB's ticker, and its screen subscribes only the held symbol.
    const flaky = Object.assign(Object.create(store) as MemoryPortfolioStore, {
      load: () => Promise.resolve(null),
    });
    const h = createHarness(psxBoard(), {}, {}, { portfolioStore: flaky });
    h.socket().open();
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '12.50', Date.now())]));
    h.service.setAccount(REAL);
    h.accountSocket().open();
    h.accountSocket().push(
      snap('account', 0, {
        orders: [],
        positions: [position('AAA', '100', '10.00')],
        assets: assets('1000.00', '0.00'),
      }),
    );
    const before = flaky.saves;
    await h.advance(2500);
    expect(flaky.saves).toBeGreaterThan(before);
    const rec = store.records.get(REAL.accountKey)!;
    expect(rec.watchlist).toEqual(WATCH);
    const byS = new Map(rec.tickers.flatMap((m) => m.tickers.map((t) => [t.s, t.p] as const)));
    expect(byS.get('AAA')).toBe('12.50');
    expect(byS.get('BBB')).toBe('50.00');
  });

  it('a live answer before the store has been read writes nothing until it has, then keeps what was saved', async () => {
    const store = new MemoryPortfolioStore();
    const { h: first } = await liveSession(store);
    first.worker.host.dispose();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = store.load.bind(store);
    store.load = async (key) => {
      await gate;
      return load(key);
    };
    // A fresh start on Positions: the held symbol's ticker only, no watchlist read, the account answers first.
    const h = createHarness(psxBoard(), {}, {}, { portfolioStore: store });
    h.socket().open();
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '12.50', Date.now())]));
    h.service.setAccount(REAL);
    h.accountSocket().open();
    h.accountSocket().push(
      snap('account', 0, {
        orders: [],
        positions: [position('AAA', '100', '10.00')],
        assets: assets('1000.00'),
      }),
    );
    const before = store.saves;
    await h.advance(2500);
    expect(store.saves).toBe(before);
    release();
    await h.advance(2500);
    expect(store.saves).toBeGreaterThan(before);
    const rec = store.records.get(REAL.accountKey)!;
    expect(rec.watchlist).toEqual(WATCH);
    const byS = new Map(rec.tickers.flatMap((m) => m.tickers.map((t) => [t.s, t.p] as const)));
    expect(byS.get('AAA')).toBe('12.50');
    expect(byS.get('BBB')).toBe('50.00');
  });

  it('ticks of symbols neither held nor watched write nothing', async () => {
    const store = new MemoryPortfolioStore();
    const { h } = await liveSession(store);
    await h.advance(2500);
    const before = store.saves;
    for (let k = 0; k < 30; k++) {
      h.socket().push(delta('tickers:psx', 2 + k, [ticker('CCC', `7.${k + 10}`, Date.now())]));
      await h.advance(100);
    }
    expect(store.saves).toBe(before);
  });
});

describe('portfolio kept offline: an offline start', () => {
  it('shows the saved portfolio at once, as of its time, with the same P&L, and no retry while offline', async () => {
    const store = new MemoryPortfolioStore();
    const { h: before } = await liveSession(store);
    const shown = lastTotals(before)!;
    const savedAt = store.records.get(REAL.accountKey)!.asOf;
    before.worker.host.dispose();

    vi.setSystemTime(savedAt + 3_600_000);
    const h = createHarness(psxBoard(), { online: false }, {}, { portfolioStore: store });
    h.service.subscribe(['ticker:BBB']);
    h.service.setAccount(REAL);
    await h.advance(220);
    expect(lastTotals(h)).toEqual(shown);
    expect(lastAsOf(h)).toBe(savedAt);
    const u = accountUpdates(h);
    expect(u.flatMap((x) => x.orders ?? []).map((o) => o.id)).toEqual([2]);
    expect(u.find((x) => x.assets)?.assets).toMatchObject({ available: '1,000.00', frozen: '100.00' });
    expect(u.find((x) => x.watchlist)?.watchlist).toEqual(WATCH);
    // The watched ticker is back too, and the badge says where the figures come from and that offline is sure.
    expect(h.rows().map((r) => [r.symbol, r.text.p])).toEqual([['BBB', '50.00']]);
    expect(lastStatus(h)).toMatchObject({
      state: 'offline',
      source: 'saved',
      settled: true,
      lastUpdate: savedAt,
    });
    await h.advance(60_000);
    expect(h.rest.calls).toEqual([]);
    // A restore is not news: nothing was written back.
    expect(store.records.get(REAL.accountKey)!.asOf).toBe(savedAt);
  });

  it('goes live on reconnect: the account snapshot clears "as of", a tick makes the badge live', async () => {
    const store = new MemoryPortfolioStore();
    const { h: before } = await liveSession(store);
    before.worker.host.dispose();
    const h = createHarness(psxBoard(), { online: false }, {}, { portfolioStore: store });
    h.service.setAccount(REAL);
    await h.advance(220);
    expect(lastAsOf(h)).toEqual(expect.any(Number));
    h.service.setOnline(true);
    h.socket().open();
    h.socket().push(snap('tickers:psx', 1, [ticker('AAA', '15.00', Date.now())]));
    const acct = h.accountSocket();
    acct.open();
    acct.push(
      snap('account', 0, {
        orders: [],
        positions: [position('AAA', '100', '10.00')],
        assets: assets('900.00'),
      }),
    );
    await h.advance(220);
    expect(lastAsOf(h)).toBeNull();
    expect(lastTotals(h)).toMatchObject({ pnl: '+500.00' });
    expect(lastStatus(h)).toMatchObject({ state: 'live', source: 'socket' });
    expect(lastStatus(h)!.settled).toBeUndefined();
  });

  it('a live answer that comes before the store wins: nothing saved is shown over it', async () => {
    const store = new MemoryPortfolioStore();
    const { h: before } = await liveSession(store);
    before.worker.host.dispose();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = store.load.bind(store);
    store.load = async (key) => {
      await gate;
      return load(key);
    };
    const h = createHarness(psxBoard(), {}, {}, { portfolioStore: store });
    h.service.setAccount(REAL);
    const acct = h.accountSocket();
    acct.open();
    acct.push(snap('account', 0, { orders: [], positions: [], assets: assets('5.00') }));
    await h.advance(220);
    release();
    await h.advance(220);
    expect(lastAsOf(h) ?? null).toBeNull();
    expect(accountUpdates(h).flatMap((u) => u.orders ?? [])).toEqual([]);
  });
});

describe('portfolio kept offline: accounts', () => {
  it('never restores one account for another: demo starts empty while real is kept', async () => {
    const store = new MemoryPortfolioStore();
    const { h: before } = await liveSession(store, REAL);
    before.worker.host.dispose();
    const h = createHarness(psxBoard(), { online: false }, {}, { portfolioStore: store });
    h.service.setAccount(DEMO);
    await h.advance(500);
    expect(h.batches.some((b) => b.positions)).toBe(false);
    expect(accountUpdates(h, DEMO.accountKey).some((u) => u.orders || u.assets || u.asOf)).toBe(false);
    expect(accountUpdates(h, REAL.accountKey)).toEqual([]);
    expect([...store.records.keys()]).toEqual([REAL.accountKey]);
  });

  it('sign-out clears every account; a save that was waiting does not bring one back', async () => {
    const store = new MemoryPortfolioStore();
    const { h } = await liveSession(store, REAL);
    h.service.setAccount(DEMO);
    const demo = h.accountSocket();
    demo.open();
    demo.push(snap('account', 0, { orders: [], positions: [position('BBB', '5')], assets: assets('1.00') }));
    // Its first write waits out the 2 s since the real account's last (one write per gap, whoever's).
    await h.advance(2100);
    expect([...store.records.keys()].sort()).toEqual([DEMO.accountKey, REAL.accountKey]);
    // A price move leaves a save waiting for its 2 s gap; the sign-out comes first.
    h.socket().push(delta('tickers:psx', 2, [ticker('BBB', '51.00', Date.now())]));
    await h.advance(60);
    h.service.setAccount(null);
    await h.advance(5000);
    expect(store.records.size).toBe(0);
  });

  it('an account whose session the server ended loses its record', async () => {
    const store = new MemoryPortfolioStore();
    const { h, acct } = await liveSession(store, REAL);
    expect(store.records.has(REAL.accountKey)).toBe(true);
    acct.push({ op: 'err', ch: 'account', code: WS_ERR.sessionEnded, msg: 'Please sign in' });
    await h.advance(220);
    expect(store.records.has(REAL.accountKey)).toBe(false);
  });
});

describe('portfolio kept offline: in a running session', () => {
  it('when both the socket and polling fail the figures read "as of" their last live moment', async () => {
    const store = new MemoryPortfolioStore();
    const server = { orders: [], positions: [position('AAA', '100', '10.00')], assets: assets('1000.00') };
    const h = createHarness(psxBoard(), {}, accountRoutes(server), { portfolioStore: store });
    h.service.setAccount(REAL);
    const acct = h.accountSocket();
    acct.open();
    acct.push(snap('account', 0, server));
    await h.advance(1000);
    expect(lastAsOf(h) ?? null).toBeNull();
    const droppedAt = Date.now();
    h.rest.down = true;
    acct.drop();
    await h.advance(2000);
    const asOf = lastAsOf(h)!;
    expect(asOf).toBeGreaterThanOrEqual(droppedAt - 250);
    expect(asOf).toBeLessThanOrEqual(droppedAt);
    // Back: a polling round that delivers makes them live again.
    h.rest.down = false;
    await h.advance(30_000);
    expect(lastAsOf(h)).toBeNull();
  });

  it('a store that fails leaves the feed working (no offline copy, nothing thrown)', async () => {
    const store = new MemoryPortfolioStore();
    store.save = () => Promise.reject(new Error('QuotaExceededError'));
    store.load = () => Promise.reject(new Error('blocked'));
    const { h } = await liveSession(store);
    await h.advance(3000);
    expect(lastTotals(h)).toMatchObject({ pnl: '+200.00' });
  });
});
