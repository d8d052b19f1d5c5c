// The worker's account feed end to end on fake timers, a fake socket and a fake REST server: the snapshot and
// live deltas reach the app as compact updates, the socket → polling fallback and back, a reconnect's fresh
// snapshot, a seq gap's unsub + sub, a session the server ended, and a real ↔ demo switch that never mixes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountUpdate } from '../../../workers/protocol/account-api.ts';
import type { PositionsUpdate } from '../../../workers/protocol/positions-api.ts';
import { accountUrlFor } from '../../../workers/market/feeds/account/account-feed.ts';
import { WS_ERR } from '../../../workers/protocol/market.ts';
import { delta, snap } from './fakes.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { position } from '../support/position.ts';
import { accountRoutes, assets, order } from './account-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

const REAL = { token: 'tok-real', accountKey: '7:real' };
const DEMO = { token: 'tok-demo', accountKey: '7:demo' };

const accountUpdates = (h: Harness): AccountUpdate[] =>
  h.batches.flatMap((b) => (b.account ? [b.account] : []));
const positionUpdates = (h: Harness): PositionsUpdate[] =>
  h.batches.flatMap((b) => (b.positions ? [b.positions] : []));
/** The newest value of each field the app has been sent for an account (what its atoms would hold). */
function latest(h: Harness, key: string) {
  const out: { state?: string; orders?: number[]; available?: string; frozen?: string; total?: string } = {};
  for (const u of accountUpdates(h)) {
    if (u.accountKey !== key) continue;
    if (u.state) out.state = u.state;
    if (u.orders) out.orders = u.orders.map((o) => o.id);
    if (u.assets)
      Object.assign(out, { available: u.assets.available, frozen: u.assets.frozen, total: u.assets.total });
  }
  return out;
}
function heldList(h: Harness, key: string): string[] | undefined {
  let list: string[] | undefined;
  for (const u of positionUpdates(h)) if (u.accountKey === key && u.symbols) list = u.symbols;
  return list;
}

function signIn(h: Harness, session = REAL) {
  h.service.setAccount(session);
  const s = h.accountSocket();
  s.open();
  return s;
}

const firstSnap = () =>
  snap('account', 0, {
    orders: [order(2, 'pending'), order(1, 'partial')],
    positions: [position('AAA', '100')],
    assets: assets('1000.00', '100.00'),
  });

describe('account feed: socket', () => {
  it('opens the account socket beside the market one and signs in with the token in the frame', () => {
    const h = createHarness();
    const s = signIn(h);
    expect(s.url).toBe('ws://test/api/ws/account');
    expect(s.url).not.toContain('tok-real');
    expect(s.sent).toEqual([{ op: 'sub', ch: ['account'], token: 'tok-real' }]);
    expect(accountUrlFor('wss://example.pk/api/ws')).toBe('wss://example.pk/api/ws/account');
    expect(accountUrlFor(null)).toBeNull();
  });

  it('applies the snapshot: open orders, balances with the live market value, and the positions', async () => {
    const h = createHarness();
    const s = signIn(h);
    s.push(firstSnap());
    await h.advance(220);
    expect(latest(h, REAL.accountKey)).toEqual({
      state: 'live',
      orders: [2, 1],
      available: '1,000.00',
      frozen: '100.00',
      // 1,000 + 100 + 100 × 10.00 (no ticker yet: the server's last price)
      total: '2,100.00',
    });
    expect(heldList(h, REAL.accountKey)).toEqual(['AAA']);
    // Nothing was read over REST: the snapshot is used.
    const accountPaths = ['stock/order/list', 'stock/hold/list', 'user/assets'];
    expect(h.rest.calls.filter((c) => accountPaths.includes(c))).toEqual([]);
  });

  it('applies live deltas: a fill leaves the open orders, moves the positions and the cash', async () => {
    const h = createHarness();
    const s = signIn(h);
    s.push(firstSnap());
    await h.advance(220);
    s.push(
      delta('account', 1, {
        order: order(1, 'filled'),
        positions: [position('AAA', '110')],
        assets: assets('900.00', '100.00'),
      }),
    );
    s.push(delta('account', 2, { order: order(3, 'pending', 'BBB'), assets: assets('800.00', '200.00') }));
    await h.advance(220);
    expect(latest(h, REAL.accountKey)).toMatchObject({
      orders: [3, 2],
      available: '800.00',
      frozen: '200.00',
    });
    const totals = positionUpdates(h).at(-1)!.totals!;
    expect(totals.marketValue).toBe('1,100.00');
    // A sell to zero closes the position out: the symbol leaves the list.
    s.push(delta('account', 3, { order: { ...order(4, 'filled'), side: 'sell' }, positions: [] }));
    await h.advance(220);
    expect(heldList(h, REAL.accountKey)).toEqual([]);
  });

  it('counts the contract changes the socket tells (perp hints) and the spot ones apart, once per post', async () => {
    const h = createHarness();
    const s = signIn(h);
    s.push(firstSnap());
    await h.advance(220);
    s.push(delta('account', 1, { perp: true }));
    s.push(delta('account', 2, { perp: true }));
    await h.advance(220);
    const seqs = () => accountUpdates(h).flatMap((u) => (u.perpSeq === undefined ? [] : [u.perpSeq]));
    expect(seqs().at(-1)).toBe(2);
    expect(accountUpdates(h).some((u) => u.spotSeq !== undefined)).toBe(false);
    const posts = seqs().length;
    // Nothing new: no post repeats it.
    await h.advance(1000);
    expect(seqs()).toHaveLength(posts);
  });

  it('on a seq gap leaves and rejoins the channel, ignoring deltas until the fresh snapshot', async () => {
    const h = createHarness();
    const s = signIn(h);
    s.push(firstSnap());
    s.sent.length = 0;
    s.push(delta('account', 2, { assets: assets('1.00') })); // 1 is missing
    expect(s.sent).toEqual([
      { op: 'unsub', ch: ['account'] },
      { op: 'sub', ch: ['account'], token: 'tok-real' },
    ]);
    s.push(delta('account', 3, { assets: assets('2.00') })); // unsynced: dropped
    await h.advance(220);
    expect(latest(h, REAL.accountKey).available).toBe('1,000.00');
    s.push(snap('account', 0, { orders: [], positions: [], assets: assets('3.00') }));
    s.push(delta('account', 1, { assets: assets('4.00') }));
    await h.advance(220);
    expect(latest(h, REAL.accountKey)).toMatchObject({ available: '4.00', orders: [] });
  });

  it('a reconnect signs in again and takes the fresh snapshot (the new connection counts seq from 0)', async () => {
    const h = createHarness();
    const s = signIn(h);
    s.push(firstSnap());
    s.push(delta('account', 1, { assets: assets('900.00') }));
    s.drop();
    s.sent.length = 0;
    s.open();
    expect(s.sent).toEqual([{ op: 'sub', ch: ['account'], token: 'tok-real' }]);
    s.push(delta('account', 2, { assets: assets('1.00') })); // before the snapshot: not applied
    s.push(snap('account', 0, { orders: [], positions: [position('BBB', '5')], assets: assets('700.00') }));
    s.push(delta('account', 1, { assets: assets('600.00') }));
    await h.advance(220);
    expect(latest(h, REAL.accountKey)).toMatchObject({ state: 'live', available: '600.00', orders: [] });
    expect(heldList(h, REAL.accountKey)).toEqual(['BBB']);
  });
});

describe('account feed: polling fallback', () => {
  it('polls orders, positions and balances with the token while the socket is down, and stops when it is back', async () => {
    const server = {
      orders: [order(5, 'pending')],
      positions: [position('CCC', '20')],
      assets: assets('500.00'),
    };
    const h = createHarness(undefined, {}, accountRoutes(server));
    h.service.setAccount(REAL); // the account socket never opens
    await h.advance(1600);
    const polled = h.rest.calls
      .map((c, i) => [c, h.rest.tokens[i]])
      .filter(([c]) => !c!.startsWith('stock/list'));
    expect(
      polled.filter(([c]) => c === 'stock/order/list' || c === 'stock/hold/list' || c === 'user/assets'),
    ).toEqual(
      expect.arrayContaining([
        ['stock/order/list', 'tok-real'],
        ['stock/hold/list', 'tok-real'],
        ['user/assets', 'tok-real'],
      ]),
    );
    await h.advance(220);
    expect(latest(h, REAL.accountKey)).toMatchObject({ state: 'polling', orders: [5], available: '500.00' });
    expect(heldList(h, REAL.accountKey)).toEqual(['CCC']);

    // A fill while polling shows at the next round.
    server.orders = [];
    server.assets = assets('300.00');
    await h.advance(5000);
    expect(latest(h, REAL.accountKey)).toMatchObject({ orders: [], available: '300.00' });

    // The socket is back: live again, and no more polling.
    const s = h.accountSocket();
    s.open();
    s.push(snap('account', 0, { orders: [], positions: [], assets: assets('300.00') }));
    await h.advance(220);
    expect(latest(h, REAL.accountKey).state).toBe('live');
    const before = h.rest.calls.filter((c) => c === 'user/assets').length;
    await h.advance(12_000);
    expect(h.rest.calls.filter((c) => c === 'user/assets').length).toBe(before);
  });

  it('a dropped socket falls back to polling', async () => {
    const server = { orders: [], positions: [], assets: assets('42.00') };
    const h = createHarness(undefined, {}, accountRoutes(server));
    const s = signIn(h);
    s.push(firstSnap());
    await h.advance(220);
    s.drop();
    await h.advance(1800);
    expect(latest(h, REAL.accountKey)).toMatchObject({ state: 'polling', available: '42.00', orders: [] });
  });
});

describe('account feed: session end and account switch', () => {
  it('stops and reports when the server ends the session (an err on the channel)', async () => {
    const h = createHarness(
      undefined,
      {},
      accountRoutes({ orders: [], positions: [], assets: assets('1.00') }),
    );
    const s = signIn(h);
    s.push(firstSnap());
    s.push({ op: 'err', ch: 'account', code: WS_ERR.sessionEnded, msg: 'Please sign in' });
    await h.advance(220);
    expect(latest(h, REAL.accountKey).state).toBe('ended');
    // The app signs out that session (and only that one) on this post.
    expect(accountUpdates(h).find((u) => u.state === 'ended')?.endedToken).toBe('tok-real');
    expect(s.closed).toBe(true);
    await h.advance(10_000);
    expect(h.rest.calls.filter((c) => c === 'user/assets')).toEqual([]);
  });

  it('stops for a token the server refuses (sessionEnded before any snapshot)', async () => {
    const h = createHarness();
    const s = signIn(h);
    s.push({ op: 'err', ch: 'account', code: WS_ERR.sessionEnded, msg: 'Please sign in' });
    await h.advance(220);
    expect(latest(h, REAL.accountKey).state).toBe('ended');
    expect(s.closed).toBe(true);
  });

  it('ignores a refused frame: still live, nothing resent, nothing ended', async () => {
    const h = createHarness();
    const s = signIn(h);
    s.push(firstSnap());
    await h.advance(220);
    s.sent.length = 0;
    s.push({ op: 'err', ch: 'account', code: WS_ERR.badFrame, msg: 'Unreadable message' });
    await h.advance(5000);
    expect(latest(h, REAL.accountKey).state).toBe('live');
    expect(s.closed).toBe(false);
    expect(s.sent.filter((m) => m.op === 'sub')).toEqual([]);
  });

  it('asks again after "busy" (no snapshot was coming), and goes live on the snapshot that follows', async () => {
    const h = createHarness();
    const s = signIn(h);
    s.sent.length = 0;
    s.push({ op: 'err', ch: 'account', code: WS_ERR.busy, msg: 'Service busy' });
    await h.advance(1000);
    expect(s.sent).toEqual([]);
    await h.advance(1100);
    expect(s.sent).toEqual([{ op: 'sub', ch: ['account'], token: 'tok-real' }]);
    s.push(firstSnap());
    await h.advance(220);
    expect(latest(h, REAL.accountKey)).toMatchObject({ state: 'live', orders: [2, 1] });
  });

  it.each([
    ['rate limited', WS_ERR.rateLimited],
    ['not signed in in time', WS_ERR.authTimeout],
  ])('does not end the session when %s: the server closes, the reconnect signs in again', async (_, code) => {
    const h = createHarness(
      undefined,
      {},
      accountRoutes({ orders: [], positions: [], assets: assets('1.00') }),
    );
    const s = signIn(h);
    s.push(firstSnap());
    await h.advance(220);
    s.push({ op: 'err', ch: 'account', code, msg: 'closed' });
    s.drop();
    await h.advance(220);
    expect(latest(h, REAL.accountKey).state).not.toBe('ended');
    s.sent.length = 0;
    s.open();
    expect(s.sent).toEqual([{ op: 'sub', ch: ['account'], token: 'tok-real' }]);
    s.push(firstSnap());
    await h.advance(220);
    expect(latest(h, REAL.accountKey).state).toBe('live');
  });

  it('stops and reports when a poll is refused with -1000', async () => {
    const h = createHarness(
      undefined,
      {},
      accountRoutes({ orders: [], positions: [], assets: assets('1.00') }),
    );
    h.rest.sessionEnded = true;
    h.service.setAccount(REAL);
    await h.advance(1800);
    expect(latest(h, REAL.accountKey).state).toBe('ended');
    expect(accountUpdates(h).find((u) => u.state === 'ended')?.endedToken).toBe('tok-real');
    expect(h.accountSocket().closed).toBe(true);
    const calls = h.rest.calls.length;
    await h.advance(10_000);
    expect(h.rest.calls.slice(calls).filter((c) => c === 'user/assets')).toEqual([]);
  });

  it('a switch real → demo closes the real socket first; nothing of the real account is posted after', async () => {
    const h = createHarness();
    const real = signIn(h, REAL);
    real.push(firstSnap());
    await h.advance(220);
    const mark = h.batches.length;
    const demo = signIn(h, DEMO);
    expect(real.closed).toBe(true);
    expect(demo).not.toBe(real);
    expect(demo.sent).toEqual([{ op: 'sub', ch: ['account'], token: 'tok-demo' }]);
    // A late message on the old socket is ignored.
    real.push(delta('account', 1, { positions: [position('ZZZ', '1')], assets: assets('9.00') }));
    demo.push(snap('account', 0, { orders: [], positions: [position('DDD', '3')], assets: assets('50.00') }));
    await h.advance(220);
    const after = h.batches.slice(mark);
    for (const b of after) {
      if (b.account) expect(b.account.accountKey).toBe(DEMO.accountKey);
      if (b.positions) expect(b.positions.accountKey).toBe(DEMO.accountKey);
    }
    expect(heldList({ ...h, batches: after }, DEMO.accountKey)).toEqual(['DDD']);
    expect(latest({ ...h, batches: after }, DEMO.accountKey)).toMatchObject({
      available: '50.00',
      orders: [],
    });

    // Sign-out: the socket closes and nothing more is posted.
    h.service.setAccount(null);
    expect(demo.closed).toBe(true);
    const end = h.batches.length;
    await h.advance(2000);
    expect(h.batches.slice(end).filter((b) => b.account || b.positions)).toEqual([]);
  });
});
