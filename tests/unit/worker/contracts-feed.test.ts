// The contracts feed re-values the handed positions on their pair's tickers and posts only what changed: the
// rows on screen (`contract:<id>` interest) and the totals of all; another account's set starts clean; a
// position gone is posted as removed.
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ContractPositionInput, ContractsUpdate } from '../../../workers/protocol/contracts-api.ts';
import type { WorkerBatch } from '../../../workers/protocol/worker-api.ts';
import { ContractsFeed } from '../../../workers/market/feeds/contracts/contracts-feed.ts';
import { LazyContractsFeed } from '../../../workers/market/feeds/contracts/lazy-contracts-feed.ts';
import type { FeedContext } from '../../../workers/market/host/feed.ts';
import type { PriceBoard } from '../../../workers/market/feeds/market/price-board.ts';

function board() {
  const prices = new Map<string, string>();
  const listeners: ((t: readonly { s: string }[]) => void)[] = [];
  const b = {
    price: (s: string) => prices.get(s),
    onTickers: (l: (t: readonly { s: string }[]) => void) => void listeners.push(l),
  } as unknown as PriceBoard;
  const tick = (s: string, p: string) => {
    prices.set(s, p);
    for (const l of listeners) l([{ s }]);
  };
  return { b, tick };
}

function context(posts: WorkerBatch[]): FeedContext {
  return {
    deps: {} as FeedContext['deps'],
    opts: { apiBase: '/api/', wsUrl: null } as unknown as FeedContext['opts'],
    hidden$: new BehaviorSubject(false),
    online$: new BehaviorSubject(true),
    post: (batch) => void posts.push(batch),
    listening: () => true,
  };
}

const LONG: ContractPositionInput = {
  id: 1,
  symbol: 'BTCUSDT',
  side: 'long',
  qty: '0.01000',
  entryValue: '950.0000000',
  margin: '95.000000',
  leverage: 10,
  markPrice: '95000.00',
  lastPrice: '95000.00',
  liqPrice: '86000.00',
};

describe('contracts feed', () => {
  it('values on set, again on a tick of its pair only, and drops what did not change', () => {
    const { b, tick } = board();
    const posts: WorkerBatch[] = [];
    const feed = new ContractsFeed(b);
    feed.start(context(posts));
    feed.activate('contract:1');
    feed.setContractPositions('9:demo', [LONG]);
    expect(posts.at(-1)?.contracts).toMatchObject({
      accountKey: '9:demo',
      rows: [{ id: 1, mark: '95000.00', pnl: '0.000000', roe: '0.00' }],
      totals: { count: 1, pnl: '0.000000', pnlSign: 0, atRisk: 0 },
    });
    tick('BTCUSDT', '96000.00');
    const up = posts.at(-1)?.contracts as ContractsUpdate;
    // 0.01 × (96,000 − 95,000) = 10 USDT; ROE 10 / 95 = 10.52 %
    expect(up.rows[0]).toMatchObject({ mark: '96000.00', pnl: '10.000000', roe: '10.52', pnlSign: 1 });
    const n = posts.length;
    tick('ETHUSDT', '3000.00');
    tick('BTCUSDT', '96000.00');
    expect(posts.length).toBe(n);
    tick('BTCUSDT', '94000.00');
    expect((posts.at(-1)?.contracts as ContractsUpdate).rows[0]).toMatchObject({
      pnl: '-10.000000',
      roe: '-10.52',
      pnlSign: -1,
      liqDistance: '8.51',
    });
  });

  it('a closed position is removed; another account starts clean', () => {
    const { b } = board();
    const posts: WorkerBatch[] = [];
    const feed = new ContractsFeed(b);
    feed.start(context(posts));
    feed.activate('contract:1');
    feed.activate('contract:5');
    feed.setContractPositions('9:demo', [LONG]);
    feed.setContractPositions('9:demo', []);
    expect(posts.at(-1)?.contracts).toEqual({
      accountKey: '9:demo',
      rows: [],
      removed: [1],
      totals: { count: 0, pnl: '0.000000', pnlSign: 0, atRisk: 0 },
    });
    feed.setContractPositions('9:real', [{ ...LONG, id: 5 }]);
    expect(posts.at(-1)?.contracts).toMatchObject({ accountKey: '9:real', rows: [{ id: 5 }] });
    expect(posts.at(-1)?.contracts?.removed).toBeUndefined();
  });
});

describe('contracts feed: rows on screen and totals', () => {
  const SHORT: ContractPositionInput = {
    id: 2,
    symbol: 'BTCUSDT',
    side: 'short',
    qty: '0.02000',
    entryValue: '1900.0000000',
    margin: '19.000000',
    leverage: 100,
    markPrice: '95000.00',
    lastPrice: '95000.00',
    liqPrice: '95570.00',
  };

  it('values every position for the totals but posts strings only for the rows on screen', () => {
    const { b, tick } = board();
    const posts: WorkerBatch[] = [];
    const feed = new ContractsFeed(b);
    feed.start(context(posts));
    feed.setContractPositions('9:demo', [LONG, SHORT]);
    expect(posts.at(-1)?.contracts).toEqual({
      accountKey: '9:demo',
      rows: [],
      totals: { count: 2, pnl: '0.000000', pnlSign: 0, atRisk: 0 },
    });
    // +500: the long makes 5, the short loses 10 of its 19; its ratio is 7.64 / 9 = 84.89 %
    tick('BTCUSDT', '95500.00');
    expect(posts.at(-1)?.contracts).toEqual({
      accountKey: '9:demo',
      rows: [],
      totals: { count: 2, pnl: '-5.000000', pnlSign: -1, atRisk: 1 },
    });
    // a row coming on screen is posted at once, at the pair's current price
    feed.activate('contract:2');
    const shown = posts.at(-1)?.contracts as ContractsUpdate;
    expect(shown.rows).toEqual([
      expect.objectContaining({
        id: 2,
        mark: '95500.00',
        pnl: '-10.000000',
        roe: '-52.63',
        marginRatio: '84.88',
      }),
    ]);
    expect(shown.rows[0]!.marginRatioValue).toBeGreaterThanOrEqual(80);
    expect(shown.totals).toBeUndefined();
    // off screen again: nothing of it crosses, the totals still move
    feed.deactivate('contract:2');
    tick('BTCUSDT', '95000.00');
    expect(posts.at(-1)?.contracts).toEqual({
      accountKey: '9:demo',
      rows: [],
      totals: { count: 2, pnl: '0.000000', pnlSign: 0, atRisk: 0 },
    });
    // back on screen: sent again though its figures are the ones it had
    feed.activate('contract:2');
    expect((posts.at(-1)?.contracts as ContractsUpdate).rows).toEqual([
      expect.objectContaining({ id: 2, pnl: '0.000000' }),
    ]);
  });

  it('a new listener gets the shown rows and the totals again', () => {
    const { b } = board();
    const posts: WorkerBatch[] = [];
    const feed = new ContractsFeed(b);
    feed.start(context(posts));
    feed.activate('contract:1');
    feed.setContractPositions('9:demo', [LONG, SHORT]);
    posts.length = 0;
    feed.resend();
    expect(posts).toEqual([
      {
        contracts: {
          accountKey: '9:demo',
          rows: [expect.objectContaining({ id: 1 })],
          totals: { count: 2, pnl: '0.000000', pnlSign: 0, atRisk: 0 },
        },
      },
    ]);
  });

  it('totals stay exact past the float range (BigInt positions, sums over 2^51) and after', () => {
    const { b, tick } = board();
    const posts: WorkerBatch[] = [];
    const feed = new ContractsFeed(b);
    feed.start(context(posts));
    const totals = () => posts.findLast((p) => p.contracts?.totals)?.contracts?.totals;
    // 10^15 SHIB at 0.00001000: 10 billion USDT; its uPnL leaves 2^52 micro-USDT
    const whale: ContractPositionInput = {
      id: 7,
      symbol: 'SHIBUSDT',
      side: 'long',
      qty: '1000000000000000',
      entryValue: '10000000000.00000000',
      margin: '10000000000.000000',
      leverage: 1,
      markPrice: '0.00001000',
      lastPrice: '0.00001000',
      liqPrice: null,
    };
    // two longs of 1.2 billion USDT each: floats each, but Σ|uPnL| passes 2^51 on a 100 % move
    const big = (id: number): ContractPositionInput => ({
      ...whale,
      id,
      qty: '120000000000000',
      entryValue: '1200000000.00000000',
      margin: '1200000000.000000',
    });
    feed.setContractPositions('9:demo', [whale, big(8), LONG]);
    tick('SHIBUSDT', '0.00002001');
    // whale: 10^15 × 0.00001001 = 10,010,000,000; each big: 1.2·10^14 × 0.00001001 = 1,201,200,000. Both
    // are past the tier table (no maintenance rate holds them), so they count as at risk
    expect(totals()).toEqual({ count: 3, pnl: '11211200000.000000', pnlSign: 1, atRisk: 2 });
    // valued at once at the pair's last price: Σ|uPnL| = 2.4·10^15 micro-USDT > 2^51
    feed.setContractPositions('9:demo', [big(8), big(9), LONG]);
    expect(totals()).toMatchObject({ count: 3, pnl: '2402400000.000000' });
    // back in range: the float sums are counted again and used
    tick('SHIBUSDT', '0.00001001');
    expect(totals()).toMatchObject({ pnl: '2400000.000000' });
    tick('BTCUSDT', '95100.00');
    expect(totals()).toMatchObject({ pnl: '2400001.000000' });
  });

  it('claims contract:<id> keys only', () => {
    const feed = new ContractsFeed(board().b);
    expect(feed.claims('contract:7')).toBe(true);
    expect(feed.claims('ticker:BTCUSDT')).toBe(false);
  });
});

describe('lazy contracts feed', () => {
  it('hands over the rows put on screen before it loaded', async () => {
    const { b } = board();
    const posts: WorkerBatch[] = [];
    const lazy = new LazyContractsFeed(
      b,
      () => import('../../../workers/market/feeds/contracts/contracts-feed.ts'),
    );
    lazy.start(context(posts));
    expect(lazy.claims('contract:1')).toBe(true);
    lazy.activate('contract:1');
    lazy.activate('contract:2');
    lazy.deactivate('contract:2');
    lazy.setContractPositions('9:demo', [LONG, { ...LONG, id: 2 }]);
    await lazy.ready();
    expect((posts.at(-1)?.contracts as ContractsUpdate).rows.map((r) => r.id)).toEqual([1]);
  });

  it('loads the feed on the first positions and hands them over', async () => {
    const { b } = board();
    const posts: WorkerBatch[] = [];
    const lazy = new LazyContractsFeed(
      b,
      () => import('../../../workers/market/feeds/contracts/contracts-feed.ts'),
    );
    lazy.start(context(posts));
    lazy.activate('contract:1');
    lazy.setContractPositions('9:demo', [LONG]);
    await lazy.ready();
    expect(posts.at(-1)?.contracts).toMatchObject({ accountKey: '9:demo', rows: [{ id: 1 }] });
  });
});
