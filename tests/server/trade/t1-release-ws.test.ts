// T+1 over the private account channel: when shares bought on a trading day become sellable on the next one,
// the subscribed client gets a delta (no order, the position with its new available / locked split, assets)
// without asking; a client that (re)connects after the release gets it in its snapshot and in stock/hold/list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Assets, Position, StockOrder } from '../../../workers/protocol/trade.ts';
import { ACCOUNT_WS_PATH } from '../../../workers/protocol/trade.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { get, post } from '../helpers.ts';
import { collectMessages, pingPong } from '../../support/wait-for.ts';
import {
  listenLocally,
  newClientOrderId,
  TRADE_PASSWORD,
  tradeSetup,
  trader,
  type TradeTestApp,
} from './trade-helpers.ts';

let t: TradeTestApp;
let sym: string;
let url: string;

beforeAll(async () => {
  ({ t, sym } = await tradeSetup('t1-release'));
  url = `ws://${await listenLocally(t)}${ACCOUNT_WS_PATH}`;
});
afterAll(async () => t.close());

interface Msg {
  op: string;
  seq?: number;
  data?: { order?: StockOrder; orders?: StockOrder[]; positions?: Position[]; assets?: Assets };
}

async function subscribe(token: string) {
  const ws = new WebSocket(url);
  const log = collectMessages<Msg>(ws);
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token }));
  return { ws, msgs: log.msgs, waitFor: (pred: (m: Msg) => boolean) => log.waitFor(pred), log };
}

describe('T+1 release on the account channel', () => {
  it('pushes the position with its shares moved from locked to available, and snapshots agree after', async () => {
    const u = await trader(t); // its own account: each test stands alone
    const lot = t.sim.instrument(sym)!.lotSize;
    const bought = await post<StockOrder>(
      t.app,
      '/api/stock/order/buy',
      {
        symbol: sym,
        type: 'market',
        qty: lot,
        clientOrderId: newClientOrderId(),
        tradePassword: TRADE_PASSWORD,
      },
      { token: u.tokenDemo, lang: 'en-US' },
    );
    expect(bought.body.code).toBe(0);
    const qty = bought.body.data.filledQty;
    expect(Number(qty)).toBeGreaterThan(0);

    const c = await subscribe(u.tokenDemo);
    const snap = await c.waitFor((m) => m.op === 'snap');
    expect(snap.data!.positions).toEqual([
      expect.objectContaining({ symbol: sym, available: '0', locked: qty }),
    ]);

    // The engine's periodic pass on a feed step at the start of the next PSX trading day.
    const { unlockAt } = await t.db
      .selectFrom('share_locks')
      .select((eb) => eb.fn.max('unlock_at').as('unlockAt'))
      .where('released_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(unlockAt).toBeGreaterThan(Date.now());
    await t.engine.onTick({ ts: unlockAt, updates: [], marketSeq: {} });

    const delta = await c.waitFor((m) => m.op === 'delta');
    expect(delta.seq).toBe(1);
    expect(delta.data!.order).toBeUndefined();
    expect(delta.data!.positions).toEqual([
      expect.objectContaining({ symbol: sym, qty, available: qty, locked: '0' }),
    ]);
    expect(delta.data!.assets).toMatchObject({ accountType: 'demo' });
    // one delta for the release, nothing for the other account of the same user
    // (the server answers a ping after everything it sent before: any second delta has arrived by then)
    await pingPong(c.ws, c.log);
    expect(c.msgs.filter((m) => m.op === 'delta')).toHaveLength(1);
    c.ws.close();

    // Reconnecting (or polling) after the release shows the same split.
    const again = await subscribe(u.tokenDemo);
    const snap2 = await again.waitFor((m) => m.op === 'snap');
    expect(snap2.data!.positions).toEqual([
      expect.objectContaining({ symbol: sym, available: qty, locked: '0' }),
    ]);
    again.ws.close();
    const hold = await get<{ list: Position[] }>(t.app, '/api/stock/hold/list', {}, { token: u.tokenDemo });
    expect(hold.body.data.list).toEqual([
      expect.objectContaining({ symbol: sym, available: qty, locked: '0' }),
    ]);
    expect((await tradingSelfCheck(t.db)).problems).toEqual([]);
  });

  it('pushes a release that a request of the account performs first (lazy release before a read)', async () => {
    const u = await trader(t); // its own account: each test stands alone
    const lot = t.sim.instrument(sym)!.lotSize;
    const bought = await post<StockOrder>(
      t.app,
      '/api/stock/order/buy',
      {
        symbol: sym,
        type: 'market',
        qty: lot,
        clientOrderId: newClientOrderId(),
        tradePassword: TRADE_PASSWORD,
      },
      { token: u.tokenDemo, lang: 'en-US' },
    );
    expect(bought.body.code).toBe(0);
    const c = await subscribe(u.tokenDemo);
    await c.waitFor((m) => m.op === 'snap');
    // Due now (as if the night passed): the next read of this account releases it, and the channel hears.
    await t.db.updateTable('share_locks').set({ unlock_at: 0 }).where('released_at', 'is', null).execute();
    const hold = await get<Position>(t.app, '/api/stock/hold/info', { symbol: sym }, { token: u.tokenDemo });
    expect(hold.body.data.locked).toBe('0');
    const delta = await c.waitFor((m) => m.op === 'delta');
    expect(delta.data!.order).toBeUndefined();
    expect(delta.data!.positions).toEqual([
      expect.objectContaining({ symbol: sym, locked: '0', available: hold.body.data.available }),
    ]);
    c.ws.close();
  });
});
