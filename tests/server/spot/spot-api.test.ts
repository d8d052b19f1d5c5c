// The spot calls over HTTP on the simulated market: coin/order/add, close, list, query and coin/spot/balances;
// bad input and refusals change nothing; another user's order ids are not found; 100 concurrent copies of one
// order make one order; cancel races end an order once; orders reach the account socket's deltas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ApiEnvelope } from '../../../workers/protocol/api.ts';
import { ACCOUNT_WS_PATH, type AccountDelta } from '../../../workers/protocol/trade.ts';
import type { SpotOrder } from '../../../contract/spot.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { form, get, post } from '../helpers.ts';
import { waitFor } from '../../support/wait-for.ts';
import { grant } from '../withdraw-helpers.ts';
import {
  listenLocally,
  makeTradeApp,
  newClientOrderId,
  tableCounts,
  TRADE_PASSWORD,
  trader,
  type TradeTestApp,
} from '../trade/trade-helpers.ts';

let t: TradeTestApp;
let base: string;

beforeAll(async () => {
  t = await makeTradeApp('spot-api');
  base = `http://${await listenLocally(t)}`;
});
afterAll(async () => t.close());

async function demoAccount(userId: number): Promise<number> {
  const r = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'demo')
    .executeTakeFirstOrThrow();
  return r.id;
}

async function spotTrader(usdt = 10_000_000000n) {
  const u = await trader(t);
  await grant(t.db, await demoAccount(u.userId), 'USDT', usdt);
  return u;
}

const add = (token: string, fields: Record<string, string>, lang = 'en-US') =>
  post<SpotOrder>(
    t.app,
    '/api/coin/order/add',
    { clientOrderId: newClientOrderId(), tradePassword: TRADE_PASSWORD, ...fields },
    { token, lang },
  );

function bestAsk(): string {
  const book = t.sim.book('BTCUSDT', 5);
  return book!.a[0]![0];
}

async function spotCounts() {
  const c = await tableCounts(t.db);
  const { n } = await t.db
    .selectFrom('spot_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { ...c, spot_orders: Number(n) };
}

async function checks() {
  const l = await ledgerSelfCheck(t.db);
  expect(l.differences).toEqual([]);
  expect(l.negativeUserBalances).toEqual([]);
  expect((await tradingSelfCheck(t.db)).problems).toEqual([]);
}

describe('coin/order/add', () => {
  it('buys BTC at market and shows it in the balances and the history', async () => {
    const u = await spotTrader();
    const r = await add(u.tokenDemo, { symbol: 'BTCUSDT', side: 'buy', type: 'market', qty: '0.001' });
    expect(r.body.code).toBe(0);
    const o = r.body.data;
    expect(o).toMatchObject({ symbol: 'BTCUSDT', base: 'BTC', side: 'buy', feeAsset: 'BTC' });
    expect(['filled', 'cancelled']).toContain(o.status);
    const bal = await get(t.app, '/api/coin/spot/balances', { symbol: 'BTCUSDT' }, { token: u.tokenDemo });
    expect(bal.body.data).toMatchObject({ base: 'BTC', minNotional: '5.000000', takerFeeRate: '0.001' });
    expect(bal.body.data.baseAvailable).not.toBe('0.00000');
    const hist = await get(t.app, '/api/coin/order/list', { scope: 'history' }, { token: u.tokenDemo });
    expect(hist.body.data.list.map((x: SpotOrder) => x.id)).toContain(o.id);
    const q = await get(t.app, '/api/coin/order/query', { id: String(o.id) }, { token: u.tokenDemo });
    expect(q.body.data).toMatchObject({ id: o.id, filledQty: o.filledQty });
    await checks();
  });

  it('places a resting limit, lists it open, and cancels it once', async () => {
    const u = await spotTrader();
    const r = await add(u.tokenDemo, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '1000.00',
      qty: '0.01',
    });
    expect(r.body.data).toMatchObject({ status: 'pending', frozen: '10.000000', frozenAsset: 'USDT' });
    const open = await get(t.app, '/api/coin/order/list', {}, { token: u.tokenDemo });
    expect(open.body.data.list).toHaveLength(1);
    const id = String(r.body.data.id);
    const closes = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(t.app, '/api/coin/order/close', { id }, { token: u.tokenDemo, lang: 'en-US' }),
      ),
    );
    expect(closes.filter((c) => c.body.code === 0)).toHaveLength(1);
    expect(
      closes.filter((c) => c.body.code !== 0).every((c) => c.body.msg === 'The order is no longer open'),
    ).toBe(true);
    const bal = await get(t.app, '/api/coin/spot/balances', { symbol: 'BTCUSDT' }, { token: u.tokenDemo });
    expect(bal.body.data).toMatchObject({ quoteAvailable: '10000.000000', quoteFrozen: '0.000000' });
    await checks();
  });

  it('refuses bad input, unknown pairs, tick, lot, notional and balance, changing nothing', async () => {
    const u = await spotTrader(1_000000n);
    const before = await spotCounts();
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ symbol: 'XYZUSDT', side: 'buy', type: 'market', qty: '1' }, /not listed/],
      [{ symbol: 'OGDC', side: 'buy', type: 'market', qty: '1' }, /.+/],
      [{ symbol: 'BTCUSDT', side: 'hold', type: 'market', qty: '1' }, /.+/],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'market', qty: '-1' }, /.+/],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'market', qty: '1e3' }, /.+/],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100.001', qty: '0.01' }, /tick size 0.01/],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', qty: '0.000001' }, /lot size 0.00001/],
      [
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', qty: '0.001' },
        /at least 5.000000 USDT/,
      ],
      [
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', qty: '0.01' },
        /^Insufficient Balance$/,
      ],
      [{ symbol: 'BTCUSDT', side: 'sell', type: 'market', qty: '0.01' }, /^Insufficient Balance$/],
    ];
    for (const [fields, msg] of cases) {
      const r = await add(u.tokenDemo, fields);
      expect(r.status, JSON.stringify(fields)).toBeLessThan(500);
      expect(r.body.code, JSON.stringify(fields)).not.toBe(0);
      expect(r.body.msg).toMatch(msg);
    }
    const ur = await add(
      u.tokenDemo,
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', qty: '0.01' },
      'ur-PK',
    );
    expect(ur.body.msg).toBe('بیلنس ناکافی ہے');
    expect(await spotCounts()).toEqual(before);
  });

  it("another user's order is not found, for query and close", async () => {
    const a = await spotTrader();
    const b = await spotTrader();
    const r = await add(a.tokenDemo, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '1000',
      qty: '0.01',
    });
    const id = String(r.body.data.id);
    const q = await get(t.app, '/api/coin/order/query', { id }, { token: b.tokenDemo, lang: 'en-US' });
    expect(q.body).toMatchObject({ code: -1001, msg: 'Order not found' });
    const c = await post(t.app, '/api/coin/order/close', { id }, { token: b.tokenDemo, lang: 'en-US' });
    expect(c.body).toMatchObject({ code: -1001, msg: 'Order not found' });
    const still = await get(t.app, '/api/coin/order/query', { id }, { token: a.tokenDemo });
    expect(still.body.data.status).toBe('pending');
  });

  it('100 concurrent copies of one order over real HTTP make one order', async () => {
    const u = await spotTrader();
    const fields = {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '1000.00',
      qty: '0.01',
      clientOrderId: newClientOrderId(),
      tradePassword: TRADE_PASSWORD,
    };
    const answers = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const res = await fetch(`${base}/api/coin/order/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accesstoken: u.tokenDemo },
          body: form(fields),
        });
        return (await res.json()) as ApiEnvelope<SpotOrder | null>;
      }),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.data?.id)).size).toBe(1);
    const bal = await get(t.app, '/api/coin/spot/balances', { symbol: 'BTCUSDT' }, { token: u.tokenDemo });
    expect(bal.body.data.quoteFrozen).toBe('10.000000');
    await checks();
  });

  it('sends spot orders over the account socket', async () => {
    const u = await spotTrader();
    const ws = new WebSocket(`ws://${base.slice('http://'.length)}${ACCOUNT_WS_PATH}`);
    ws.on('error', () => undefined);
    const deltas: AccountDelta[] = [];
    let snap = false;
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { op: string; data?: AccountDelta };
      if (m.op === 'snap') snap = true;
      if (m.op === 'delta' && m.data) deltas.push(m.data);
    });
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: u.tokenDemo }));
    await waitFor(() => snap, { what: 'the snap' });
    const r = await add(u.tokenDemo, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: bestAsk(),
      qty: '0.0001',
    });
    expect(r.body.code).toBe(0);
    await waitFor(() => deltas.some((d) => d.spotOrder?.id === r.body.data.id), { what: 'the spot delta' });
    ws.close();
  });
});
