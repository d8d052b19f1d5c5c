// DAY orders end at the PSX close with the market feed stalled: no simulator step and no engine pass runs after
// the orders are placed (MARKET_TICK=0, fake timers and clock), yet the server's close timer ends them at the
// close to the millisecond, releases their frozen cash exactly once and pushes each end on the account socket.
// A feed step that comes after the timer changes nothing; an order placed after the close ends at the next
// close (the timer re-arms); with PSX_ALWAYS_OPEN=1 nothing ends.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Assets, StockOrder } from '../../../workers/protocol/trade.ts';
import { ACCOUNT_WS_PATH } from '../../../workers/protocol/trade.ts';
import { resolveToken } from '../../../server/domain/auth/sessions-repo.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { EXPIRED_REASON } from '../../../server/domain/trading/day-orders.ts';
import { orderById } from '../../../server/domain/trading/orders-repo.ts';
import { cashOf, frozenOf } from '../../../server/domain/ledger/books.ts';
import { post } from '../helpers.ts';
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

const MON_10AM = pkt(16, 10);
const MON_CLOSE = pkt(16, 15, 30);
const TUE_CLOSE = pkt(17, 15, 30);

interface Msg {
  op: string;
  data?: { order?: StockOrder; assets?: Assets };
}

const journals = async (t: TradeTestApp) => (await tableCounts(t.db))['ledger_journals'];

/**
 * Moves the fake clock by `ms` and waits for the close timer's passes it set off (the timer calls
 * engine.expireIfDue; its database work is real I/O, which fake timers do not wait for).
 */
async function advance(t: TradeTestApp, ms: number): Promise<void> {
  const expiry = vi.spyOn(t.engine, 'expireIfDue');
  try {
    vi.advanceTimersByTime(ms);
    await Promise.all(expiry.mock.results.map((r) => r.value as Promise<unknown>));
  } finally {
    expiry.mockRestore();
  }
}

async function buyLimit(t: TradeTestApp, token: string, sym: string, lot: bigint) {
  const r = await post<StockOrder>(
    t.app,
    '/api/stock/order/buy',
    {
      symbol: sym,
      clientOrderId: newClientOrderId(),
      tradePassword: TRADE_PASSWORD,
      type: 'limit',
      qty: String(lot),
      price: t.sim.info(sym)!.limitDown,
    },
    { token, lang: 'en-US' },
  );
  expect(r.body.msg).toBe('');
  expect(r.body.data.status).toBe('pending');
  return r.body.data;
}

/** An app on the fake clock at Monday 10:00 (the timers the app arms are fake too), a trader and a stock. */
async function boot(seed: string, alwaysOpen: boolean) {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(MON_10AM);
  const t = await makeTradeApp(seed, {}, { marketEnv: { PSX_ALWAYS_OPEN: alwaysOpen ? '1' : '0' } });
  const sym = pickStock(t);
  return { t, u: await trader(t), sym, lot: BigInt(t.sim.instrument(sym)!.lotSize) };
}

describe('the close timer ends DAY orders while the feed is stalled', () => {
  let t: TradeTestApp;
  let u: Trader;
  let sym: string;
  let lot: bigint;
  let ws: WebSocket;
  const msgs: Msg[] = [];

  beforeAll(async () => {
    ({ t, u, sym, lot } = await boot('day-orders-timer', false));
    ws = new WebSocket(`ws://${await listenLocally(t)}${ACCOUNT_WS_PATH}`);
    ws.on('message', (raw) => msgs.push(JSON.parse(String(raw)) as Msg));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: u.tokenDemo }));
    await vi.waitFor(() => expect(msgs.some((m) => m.op === 'snap')).toBe(true));
  });
  afterAll(async () => {
    ws.close();
    await t.close();
    vi.useRealTimers();
  });

  let first: StockOrder;
  it('ends the order at the close with no engine step, releases its cash once and pushes it', async () => {
    const demo = (await resolveToken(t.db, u.tokenDemo))!.accountId;
    const cash0 = await cashOf(t.db, demo);
    first = await buyLimit(t, u.tokenDemo, sym, lot);
    const frozen = (await orderById(t.db, first.id))!.frozen;
    expect(frozen).toBeGreaterThan(0n);
    expect(await cashOf(t.db, demo)).toBe(cash0 - frozen);
    const onTick = vi.spyOn(t.engine, 'onTick');
    const heard: number[] = [];
    const stop = t.engine.onChange((c) => heard.push(...c.orders.map((o) => o.id)));

    await advance(t, MON_CLOSE - 1 - Date.now());
    expect((await orderById(t.db, first.id))!.status).toBe('pending');
    await advance(t, 1);
    expect(Date.now()).toBe(MON_CLOSE);
    expect(onTick).not.toHaveBeenCalled();
    expect(await orderById(t.db, first.id)).toMatchObject({
      status: 'cancelled',
      reason: EXPIRED_REASON,
      frozen: 0n,
    });
    expect(await cashOf(t.db, demo)).toBe(cash0);
    expect(await frozenOf(t.db, demo)).toBe(0n);
    expect(heard).toEqual([first.id]);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
    expect((await tradingSelfCheck(t.db)).problems).toEqual([]);

    const delta = await vi.waitFor(() => {
      const d = msgs.filter(
        (m) => m.op === 'delta' && m.data?.order?.id === first.id && m.data.order.status === 'cancelled',
      );
      expect(d).toHaveLength(1);
      return d[0]!;
    });
    expect(delta.data!.order).toMatchObject({ status: 'cancelled', reason: 'مارکیٹ بند ہونے پر منسوخ' });
    expect(delta.data!.assets!.frozen).toBe('0.00');

    // The feed wakes up at the close, and its periodic pass a minute later: the close was handled already.
    const j = await journals(t);
    onTick.mockRestore();
    await step(t);
    await advance(t, 61_000);
    await step(t);
    stop();
    expect(heard).toEqual([first.id]);
    expect(await journals(t)).toBe(j);
    expect(await cashOf(t.db, demo)).toBe(cash0);
  });

  it('re-arms: an order placed after the close ends at the next close', async () => {
    await advance(t, 30 * 60_000);
    const late = await buyLimit(t, u.tokenDemo, sym, lot);
    await advance(t, TUE_CLOSE - 1 - Date.now());
    expect((await orderById(t.db, late.id))!.status).toBe('pending');
    await advance(t, 1);
    expect(await orderById(t.db, late.id)).toMatchObject({
      status: 'cancelled',
      reason: EXPIRED_REASON,
      frozen: 0n,
    });
    expect((await tradingSelfCheck(t.db)).problems).toEqual([]);
  });
});

describe('PSX_ALWAYS_OPEN=1', () => {
  let t: TradeTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    vi.useRealTimers();
  });

  it('arms no close timer: a resting order outlives the calendar close', async () => {
    const b = await boot('day-orders-timer-open', true);
    t = b.t;
    const o = await buyLimit(t, b.u.tokenDemo, b.sym, b.lot);
    await advance(t, TUE_CLOSE + 60_000 - Date.now());
    expect(t.sim.session('psx')).toBe('open');
    expect(await orderById(t.db, o.id)).toMatchObject({ status: 'pending' });
    expect((await orderById(t.db, o.id))!.frozen).toBeGreaterThan(0n);
  });
});
