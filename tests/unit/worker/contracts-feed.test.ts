// The contracts feed re-values the handed positions on their pair's tickers and posts only what changed;
// another account's set starts clean; a position gone is posted as removed.
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
    feed.setContractPositions('9:demo', [LONG]);
    expect(posts.at(-1)?.contracts).toMatchObject({
      accountKey: '9:demo',
      rows: [{ id: 1, mark: '95000.00', pnl: '0.000000', roe: '0.00' }],
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
    feed.setContractPositions('9:demo', [LONG]);
    feed.setContractPositions('9:demo', []);
    expect(posts.at(-1)?.contracts).toEqual({ accountKey: '9:demo', rows: [], removed: [1] });
    feed.setContractPositions('9:real', [{ ...LONG, id: 5 }]);
    expect(posts.at(-1)?.contracts).toMatchObject({ accountKey: '9:real', rows: [{ id: 5 }] });
    expect(posts.at(-1)?.contracts?.removed).toBeUndefined();
  });
});

describe('lazy contracts feed', () => {
  it('loads the feed on the first positions and hands them over', async () => {
    const { b } = board();
    const posts: WorkerBatch[] = [];
    const lazy = new LazyContractsFeed(
      b,
      () => import('../../../workers/market/feeds/contracts/contracts-feed.ts'),
    );
    lazy.start(context(posts));
    lazy.setContractPositions('9:demo', [LONG]);
    await lazy.ready();
    expect(posts.at(-1)?.contracts).toMatchObject({ accountKey: '9:demo', rows: [{ id: 1 }] });
  });
});
