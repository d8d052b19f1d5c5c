// The contracts feed values at the server's published mark (the `mark:<SYM>` channel, the averaged mark
// liquidation uses) when it has one: the distance to liquidation is measured from it, not from the last price
// plus the last-read premium; without a published mark it falls back to last + premium.
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ContractPositionInput, ContractsUpdate } from '../../../workers/protocol/contracts-api.ts';
import type { WorkerBatch } from '../../../workers/protocol/worker-api.ts';
import { ContractsFeed } from '../../../workers/market/feeds/contracts/contracts-feed.ts';
import type { FeedContext } from '../../../workers/market/host/feed.ts';
import type { PriceBoard } from '../../../workers/market/feeds/market/price-board.ts';
import { MarketState } from '../../../workers/market/state/market-state.ts';
import { applyMessage } from '../../../workers/market/state/messages.ts';
import { parseChannel } from '../../../workers/protocol/market.ts';

function board() {
  const prices = new Map<string, string>();
  const marks = new Map<string, string>();
  const tickerListeners: ((t: readonly { s: string }[]) => void)[] = [];
  const markListeners: ((s: string) => void)[] = [];
  const b = {
    price: (s: string) => prices.get(s),
    mark: (s: string) => marks.get(s),
    onTickers: (l: (t: readonly { s: string }[]) => void) => void tickerListeners.push(l),
    onMark: (l: (s: string) => void) => void markListeners.push(l),
  } as unknown as PriceBoard;
  const tick = (s: string, p: string) => {
    prices.set(s, p);
    for (const l of tickerListeners) l([{ s }]);
  };
  const mark = (s: string, m: string) => {
    marks.set(s, m);
    for (const l of markListeners) l(s);
  };
  return { b, tick, mark };
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

const lastRow = (posts: WorkerBatch[]) => (posts.at(-1)?.contracts as ContractsUpdate).rows[0];

describe('contracts feed on the published mark', () => {
  it('measures the liquidation distance, uPnL and ROE from the published mark, not last + premium', () => {
    const { b, tick, mark } = board();
    const posts: WorkerBatch[] = [];
    const feed = new ContractsFeed(b);
    feed.start(context(posts));
    feed.activate('contract:1');
    feed.setContractPositions('9:demo', [LONG]);
    tick('BTCUSDT', '96000.00');
    // no published mark yet: last + premium (0) = 96,000; (96,000 − 86,000) / 96,000 = 10.41 %
    expect(lastRow(posts)).toMatchObject({ mark: '96000.00', liqDistance: '10.41' });
    mark('BTCUSDT', '90000.00');
    // the server's mark re-values at once: (90,000 − 86,000) / 90,000 = 4.44 %; 0.01 × −5,000 = −50 USDT
    expect(lastRow(posts)).toMatchObject({
      mark: '90000.00',
      liqDistance: '4.44',
      pnl: '-50.000000',
      roe: '-52.63',
      pnlSign: -1,
    });
    // a later last price does not move the figures while the published mark stands
    const n = posts.length;
    tick('BTCUSDT', '97000.00');
    expect(posts.length).toBe(n);
    mark('BTCUSDT', '86500.00');
    expect(lastRow(posts)).toMatchObject({ mark: '86500.00', liqDistance: '0.57' });
  });

  it('a mark of another pair does not re-value; a malformed mark falls back to last + premium', () => {
    const { b, tick, mark } = board();
    const posts: WorkerBatch[] = [];
    const feed = new ContractsFeed(b);
    feed.start(context(posts));
    feed.activate('contract:1');
    feed.setContractPositions('9:demo', [LONG]);
    tick('BTCUSDT', '95500.00');
    const n = posts.length;
    mark('ETHUSDT', '3000.00');
    expect(posts.length).toBe(n);
    mark('BTCUSDT', 'x');
    expect(posts.length).toBe(n);
    expect(lastRow(posts)).toMatchObject({ mark: '95500.00' });
  });

  it('the market state keeps each mark:<SYM> snap and delta for the board', () => {
    const state = new MarketState(() => 0);
    const ch = parseChannel('mark:BTCUSDT')!;
    expect(ch).toEqual({ kind: 'mark', symbol: 'BTCUSDT' });
    const data = { s: 'BTCUSDT', m: '95010.00', i: '95000.00' };
    applyMessage(state, ch, { op: 'snap', ch: 'mark:BTCUSDT', seq: 4, ts: 0, data });
    expect(state.marks.get('BTCUSDT')?.m).toBe('95010.00');
    applyMessage(state, ch, {
      op: 'delta',
      ch: 'mark:BTCUSDT',
      seq: 5,
      ts: 0,
      data: { ...data, m: '94990.00' },
    });
    expect(state.marks.get('BTCUSDT')?.m).toBe('94990.00');
    expect(parseChannel('mark:BTCUSDT:1m')).toBeNull();
  });
});
