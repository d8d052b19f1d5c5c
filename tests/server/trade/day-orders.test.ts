// DAY orders on the real PSX calendar, with a fake clock (only Date is faked; timers and sockets are real):
// at the close a resting buy of the demo account, a partially filled sell and a real account's resting buy end
// as cancelled "expired at market close", their frozen cash and shares come back exactly, the ledger
// self-checks pass and the private channel pushes each end like a cancel. An order placed after the close lives
// on; a second pass changes nothing; a server that was down over a close ends the old orders when it starts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Assets, StockOrder } from '../../../workers/protocol/trade.ts';
import { ACCOUNT_WS_PATH } from '../../../workers/protocol/trade.ts';
import { creditDeposit } from '../../../server/domain/backoffice/deposits.ts';
import { setKycStatus } from '../../../server/domain/backoffice/kyc.ts';
import { createSession, resolveToken } from '../../../server/domain/auth/sessions-repo.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { EXPIRED_REASON } from '../../../server/domain/trading/day-orders.ts';
import { orderById } from '../../../server/domain/trading/orders-repo.ts';
import { cashOf, frozenOf, sharesOf } from '../../../server/domain/ledger/books.ts';
import { get, post } from '../helpers.ts';
import { freshDbPlace, type TestDbPlace } from '../../support/test-db.ts';
import {
  listenLocally,
  makeTradeApp,
  newClientOrderId,
  pickStock,
  trader,
  pkt,
  step,
  tableCounts,
  TRADE_PASSWORD,
  type Trader,
  type TradeTestApp,
} from './trade-helpers.ts';

const FRI_10AM = pkt(13, 10);
const MON_10AM = pkt(16, 10);
const MON_CLOSE = pkt(16, 15, 30);

// One database for both starts of the server (the second one after a missed close).
let place: TestDbPlace;
const boot = (warmSteps = 5) =>
  makeTradeApp('day-orders', place.env, { marketEnv: { PSX_ALWAYS_OPEN: '0' }, warmSteps });

let t: TradeTestApp;
let u: Trader;
let sym: string;
let lot: bigint;
let demo: number;
let real: number;

interface Msg {
  op: string;
  data?: { order?: StockOrder; assets?: Assets };
}

/** A fresh session for the trader: the clock jumps over days, longer than a session lives. */
const login = async () => {
  const s = await createSession(t.db, u.userId, 1, { ip: '127.0.0.1', userAgent: 'test' });
  u = { ...u, tokenReal: s.tokenReal, tokenDemo: s.tokenDemo };
};

const journals = async () => (await tableCounts(t.db))['ledger_journals'];
const selfChecks = async () => {
  expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  expect((await tradingSelfCheck(t.db)).problems).toEqual([]);
};

async function order(token: string, side: 'buy' | 'sell', fields: Record<string, string>) {
  const r = await post<StockOrder>(
    t.app,
    `/api/stock/order/${side}`,
    { symbol: sym, clientOrderId: newClientOrderId(), tradePassword: TRADE_PASSWORD, ...fields },
    { token, lang: 'en-US' },
  );
  expect(r.body.msg).toBe('');
  return r.body.data;
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(FRI_10AM);
  place = await freshDbPlace();
  t = await boot();
  u = await trader(t);
  sym = pickStock(t);
  lot = BigInt(t.sim.instrument(sym)!.lotSize);
  demo = (await resolveToken(t.db, u.tokenDemo))!.accountId;
  real = (await resolveToken(t.db, u.tokenReal))!.accountId;
  await creditDeposit(t.db, {
    userId: u.userId,
    amountPaisa: 10_000_000n,
    reference: 'DAY-1',
    channel: 'bank',
  });
  await setKycStatus(t.db, u.userId, 'succ');
  // Friday: shares bought at market, sellable on Monday (T+1)
  expect(t.sim.session('psx')).toBe('open');
  const bought = await order(u.tokenDemo, 'buy', { type: 'market', qty: String(4n * lot) });
  expect(bought.status).toBe('filled');
  vi.setSystemTime(MON_10AM);
  await login();
  await step(t, 3);
  expect(t.sim.session('psx')).toBe('open');
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
  await place.remove();
});

describe('the PSX close ends the DAY orders', () => {
  let buy: StockOrder;
  let sell: StockOrder;
  let realBuy: StockOrder;

  it('ends a resting buy, a partially filled sell and a real account buy, released exactly and pushed', async () => {
    const info = t.sim.info(sym)!;
    const cash0 = await cashOf(t.db, demo);
    buy = await order(u.tokenDemo, 'buy', { type: 'limit', qty: String(lot), price: info.limitDown });
    realBuy = await order(u.tokenReal, 'buy', { type: 'limit', qty: String(lot), price: info.limitDown });
    sell = await order(u.tokenDemo, 'sell', { type: 'limit', qty: String(2n * lot), price: info.limitUp });
    for (const o of [buy, realBuy, sell]) expect(o.status).toBe('pending');
    const buyFrozen = (await orderById(t.db, buy.id))!.frozen;
    expect(buyFrozen).toBeGreaterThan(0n);
    expect(await cashOf(t.db, demo)).toBe(cash0 - buyFrozen);

    // one print at the sell's limit fills half of it
    await t.engine.onTick({
      ts: Date.now(),
      marketSeq: { psx: 1 },
      updates: [
        {
          symbol: sym,
          market: 'psx',
          seq: 1,
          ticker: t.sim.ticker(sym)!,
          trades: [{ i: 1, p: info.limitUp, q: String(lot), d: 'b', t: Date.now() }],
          bookDelta: () => null,
          candles: () => [],
        },
      ],
    });
    const partial = (await orderById(t.db, sell.id))!;
    expect(partial).toMatchObject({ status: 'partial', filledQty: lot, frozen: lot });
    expect(await sharesOf(t.db, demo, sym)).toEqual({ available: 2n * lot, locked: 0n, frozen: lot });
    const cashBeforeClose = await cashOf(t.db, demo);

    const ws = new WebSocket(`ws://${await listenLocally(t)}${ACCOUNT_WS_PATH}`);
    const msgs: Msg[] = [];
    ws.on('message', (raw) => msgs.push(JSON.parse(String(raw)) as Msg));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: u.tokenDemo }));
    await vi.waitFor(() => expect(msgs.some((m) => m.op === 'snap')).toBe(true));

    // the simulator's step at the close
    vi.setSystemTime(MON_CLOSE);
    await step(t);
    expect(t.sim.session('psx')).toBe('closed');

    for (const o of [buy, realBuy, sell])
      expect(await orderById(t.db, o.id)).toMatchObject({
        status: 'cancelled',
        reason: EXPIRED_REASON,
        frozen: 0n,
      });
    const ended = (await orderById(t.db, sell.id))!;
    expect(ended).toMatchObject({ filledQty: lot, filledAmount: partial.filledAmount, fees: partial.fees });
    expect(await cashOf(t.db, demo)).toBe(cashBeforeClose + buyFrozen);
    expect(await frozenOf(t.db, demo)).toBe(0n);
    expect(await sharesOf(t.db, demo, sym)).toEqual({ available: 3n * lot, locked: 0n, frozen: 0n });
    expect(await frozenOf(t.db, real)).toBe(0n);
    expect(await cashOf(t.db, real)).toBe(10_000_000n);
    await selfChecks();

    // a delta per ended order of the subscribed (demo) account, in the socket's language (ur-PK by default)
    const deltas = await vi.waitFor(() => {
      const d = msgs.filter((m) => m.op === 'delta' && m.data?.order);
      expect(d).toHaveLength(2);
      return d;
    });
    expect(deltas.map((m) => m.data!.order!.id).sort()).toEqual([buy.id, sell.id].sort());
    for (const m of deltas) {
      expect(m.data!.order).toMatchObject({ status: 'cancelled', reason: 'مارکیٹ بند ہونے پر منسوخ' });
      expect(m.data!.assets).toMatchObject({ accountType: 'demo' });
    }
    expect(deltas.at(-1)!.data!.assets!.frozen).toBe('0.00');
    ws.close();

    // the order centre's cancelled tab shows them with the reason
    const list = await get<{ list: StockOrder[] }>(
      t.app,
      '/api/stock/order/list',
      { status: 'cancelled' },
      { token: u.tokenDemo, lang: 'en-US' },
    );
    const shown = list.body.data.list.filter((o) => o.id === buy.id || o.id === sell.id);
    expect(shown).toHaveLength(2);
    for (const o of shown) expect(o.reason).toBe('Expired at market close');
    expect(shown.find((o) => o.id === sell.id)).toMatchObject({ filledQty: String(lot) });
  });

  let late: StockOrder;
  it('spares an order placed after the close, and a second pass changes nothing', async () => {
    vi.setSystemTime(MON_CLOSE + 30 * 60_000);
    const info = t.sim.info(sym)!;
    late = await order(u.tokenDemo, 'buy', { type: 'limit', qty: String(lot), price: info.limitDown });
    expect(late.status).toBe('pending');
    const j = await journals();
    const heard: number[] = [];
    const stop = t.engine.onChange((c) => heard.push(...c.orders.map((o) => o.id)));
    await step(t);
    expect(await t.engine.expireDue(Date.now())).toEqual([]);
    vi.setSystemTime(Date.now() + 61_000); // the engine's periodic (release) pass looks again
    await step(t);
    stop();
    expect(heard).toEqual([]);
    expect(await journals()).toBe(j);
    expect((await orderById(t.db, late.id))!.status).toBe('pending');
    await selfChecks();
  });

  it('a server that was down over the next close ends the old orders as it starts', async () => {
    await t.close();
    vi.setSystemTime(pkt(17, 18)); // Tuesday evening, after Tuesday's close
    t = await boot(0);
    await login();
    // no feed step has run (MARKET_TICK=0, no warm-up steps): the start itself ended the order
    expect(await orderById(t.db, late.id)).toMatchObject({
      status: 'cancelled',
      reason: EXPIRED_REASON,
      frozen: 0n,
    });
    expect(await frozenOf(t.db, demo)).toBe(0n);
    await selfChecks();
    const open = await get<{ list: StockOrder[]; total: number }>(
      t.app,
      '/api/stock/order/list',
      { status: 'open' },
      { token: u.tokenDemo },
    );
    expect(open.body.data.total).toBe(0);
  });
});
