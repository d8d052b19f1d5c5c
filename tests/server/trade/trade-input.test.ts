// Bad input for every trade call (-1001, localised, nothing stored), calls without inputs, and -1000 without a
// token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../helpers.ts';
import { makeTradeApp, tableCounts, trader, type Trader, type TradeTestApp } from './trade-helpers.ts';

let t: TradeTestApp;
let alice: Trader;
const en = (token: string) => ({ token, lang: 'en-US' });

beforeAll(async () => {
  t = await makeTradeApp('trade-input');
  alice = await trader(t);
});
afterAll(async () => t.close());

describe('bad input and missing token', () => {
  const P = 'POST';
  const G = 'GET';
  const calls: Array<[string, string, Array<Record<string, string | string[]>>]> = [
    [
      P,
      '/api/user/password/trade/set',
      [
        {},
        { password: '12345', password2: '12345' },
        { password: 'abcdef', password2: 'abcdef' },
        { password: '1234567', password2: '1234567' },
      ],
    ],
    [
      P,
      '/api/user/password/trade/change',
      [
        {},
        { oldPassword: '1', password: '123456', password2: '123456' },
        { oldPassword: '123456', password: 'x', password2: 'x' },
      ],
    ],
    ...(['buy', 'sell'] as const).map((side): [string, string, Array<Record<string, string | string[]>>] => [
      P,
      `/api/stock/order/${side}`,
      [
        {},
        { symbol: 'OGDC', type: 'stop', qty: '1', clientOrderId: 'abcdefgh12', tradePassword: '246810' },
        { symbol: 'OGDC', type: 'market', qty: '-1', clientOrderId: 'abcdefgh12', tradePassword: '246810' },
        { symbol: 'OGDC', type: 'market', qty: '1.5', clientOrderId: 'abcdefgh12', tradePassword: '246810' },
        {
          symbol: 'OGDC',
          type: 'limit',
          qty: '1',
          price: '1.234',
          clientOrderId: 'abcdefgh12',
          tradePassword: '246810',
        },
        {
          symbol: 'OGDC',
          type: 'limit',
          qty: '1',
          price: '1e3',
          clientOrderId: 'abcdefgh12',
          tradePassword: '246810',
        },
        { symbol: 'OGDC', type: 'market', qty: '1', clientOrderId: 'short', tradePassword: '246810' },
        { symbol: 'OGDC', type: 'market', qty: '1', clientOrderId: 'abcdefgh12', tradePassword: '24681' },
        { symbol: 'OG DC', type: 'market', qty: '1', clientOrderId: 'abcdefgh12', tradePassword: '246810' },
        {
          symbol: ['OGDC', 'PPL'],
          type: 'market',
          qty: '1',
          clientOrderId: 'abcdefgh12',
          tradePassword: '246810',
        },
      ],
    ]),
    [
      G,
      '/api/stock/order/preview',
      [
        {},
        { symbol: 'OGDC', side: 'x', type: 'market' },
        { symbol: 'OGDC', side: 'buy', type: 'market', qty: 'a' },
      ],
    ],
    [G, '/api/stock/order/list', [{ status: 'open2' }, { page: '0' }, { size: '1000' }, { page: '-1' }]],
    [G, '/api/stock/order/cancel', [{}, { id: 'abc' }, { id: '0' }, { id: '1e3' }]],
    [G, '/api/stock/order/info', [{}, { id: 'x' }, { id: '-5' }]],
    [G, '/api/stock/hold/list', [{ page: 'x' }, { size: '0' }]],
    [G, '/api/stock/hold/info', [{}, { symbol: '' }, { symbol: 'A B' }, { symbol: 'NOSUCH' }]],
    [G, '/api/user/tx/record', [{ type: 'gift' }, { page: '0' }, { size: '101' }]],
  ];

  it.each(calls)('%s %s: -1001 for bad input, nothing stored', async (method, url, inputs) => {
    for (const input of inputs) {
      const before = await tableCounts(t.db);
      const r =
        method === P
          ? await post(t.app, url, input, en(alice.tokenDemo))
          : await get(t.app, url, input, en(alice.tokenDemo));
      if (r.body.code === 0) throw new Error(`${url} accepted ${JSON.stringify(input)}`);
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(-1001);
      expect(r.body.msg).not.toBe('');
      expect(await tableCounts(t.db)).toEqual(before);
    }
  });

  const noInput: Array<[string, string]> = [
    [G, '/api/stock/order/statistics'],
    [G, '/api/stock/income'],
    [P, '/api/user/assets'],
    [G, '/api/user/assets'],
  ];

  it.each(noInput)(
    '%s %s takes no input: unknown fields are dropped; a JSON body is refused',
    async (method, url) => {
      const r =
        method === P
          ? await post(t.app, url, { x: '1' }, en(alice.tokenDemo))
          : await get(t.app, url, { x: '1' }, en(alice.tokenDemo));
      expect(r.body.code).toBe(0);
      if (method === P) {
        const json = await t.app.inject({
          method: 'POST',
          url,
          payload: '{}',
          headers: { 'content-type': 'application/json', accesstoken: alice.tokenDemo },
        });
        expect(json.statusCode).toBe(415);
        expect(JSON.parse(json.body).code).toBe(-1001);
      }
    },
  );

  it.each([...calls.map(([m, u]) => [m, u] as [string, string]), ...noInput])(
    '%s %s: -1000 without a token',
    async (method, url) => {
      const r = method === P ? await post(t.app, url, {}) : await get(t.app, url, {});
      expect(r.body.code).toBe(-1000);
    },
  );
});
