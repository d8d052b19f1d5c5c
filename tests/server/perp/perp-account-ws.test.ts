// The leader's contract changes reach their owner's account socket (issue 16): a liquidation on a mark tick
// and a funding payment each send a `perp` hint to the account whose positions changed, and to no other
// account; the contract screen then reads its positions again instead of polling every 3 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseMinor } from '../../../contract/money.ts';
import { ACCOUNT_WS_PATH, type AccountDelta } from '../../../workers/protocol/trade.ts';
import { post } from '../helpers.ts';
import { waitFor } from '../../support/wait-for.ts';
import { listenLocally, type TradeTestApp } from '../trade/trade-helpers.ts';
import { cid, makePerpApp, perpUser, SYMBOL, TRADE_PASSWORD, type PerpUser } from './perp-helpers.ts';

const P = '/api/coin/contract/order';
let t: TradeTestApp;
let base: string;

beforeAll(async () => {
  t = await makePerpApp('perp-account-ws');
  base = `ws://${await listenLocally(t)}`;
});
afterAll(async () => t.close());

async function open(u: PerpUser, side: 'long' | 'short') {
  const r = await post(
    t.app,
    `${P}/add`,
    { clientId: cid(), symbol: SYMBOL, side, qty: '0.01', tradePassword: TRADE_PASSWORD },
    { token: u.token, lang: 'en-US' },
  );
  expect(r.body.code).toBe(0);
  return r.body.data as { position: { id: number; liqPrice: string } };
}

/** The account socket of `u`, subscribed; collects its deltas. */
async function socketOf(u: PerpUser) {
  const ws = new WebSocket(`${base}${ACCOUNT_WS_PATH}`);
  ws.on('error', () => undefined);
  const deltas: AccountDelta[] = [];
  let snap = false;
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { op: string; data?: AccountDelta };
    if (m.op === 'snap') snap = true;
    if (m.op === 'delta' && m.data) deltas.push(m.data);
  });
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: u.token }));
  await waitFor(() => snap, { what: 'the snap' });
  return { ws, deltas, perps: () => deltas.filter((d) => d.perp).length };
}

describe('contract changes on the account socket', () => {
  it('a liquidation tells its owner, not a bystander', async () => {
    const owner = await perpUser(t);
    const bystander = await perpUser(t);
    const { position } = await open(owner, 'long');
    await open(bystander, 'short');
    const a = await socketOf(owner);
    const b = await socketOf(bystander);
    const lp = parseMinor(position.liqPrice, 2)!;
    await t.app.perp.engine.onMarks([{ symbol: SYMBOL, mark: lp, last: lp }], t.app.market.now());
    await waitFor(() => a.perps() > 0, { what: "the owner's perp hint" });
    // The bystander's short gained; nothing of theirs changed on the leader, so nothing is told.
    await new Promise((r) => setTimeout(r, 200));
    expect(b.perps()).toBe(0);
    a.ws.close();
    b.ws.close();
  });

  it('a funding payment tells every account that paid or received', async () => {
    const long = await perpUser(t);
    const short = await perpUser(t);
    await open(long, 'long');
    await open(short, 'short');
    const a = await socketOf(long);
    const b = await socketOf(short);
    // Two ticks a funding interval apart: the second settles the interval and tells both accounts.
    const engine = t.app.perp.engine;
    const mark = t.app.perp.deps.marks.mark(SYMBOL)!;
    const at = t.app.market.now() + 100 * engine.fundingIntervalMs;
    await engine.onMarks([{ symbol: SYMBOL, mark, last: mark }], at);
    await engine.onMarks([{ symbol: SYMBOL, mark, last: mark }], at + engine.fundingIntervalMs);
    await waitFor(() => a.perps() > 0 && b.perps() > 0, { what: 'both perp hints' });
    a.ws.close();
    b.ws.close();
  });
});
