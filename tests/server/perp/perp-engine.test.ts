// The leader's work on mark ticks, driven tick by tick: liquidation at the first tick at or past the
// liquidation price and not before, the remaining margin to the insurance fund, a gap past bankruptcy covered
// by the fund with no user balance below zero, a stop-loss fired on the mark, and one funding interval paid
// between a long and a short that sums to zero (and happens once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postRecord } from '../../../server/domain/ledger/post.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { FUNDING_CLEARING } from '../../../server/domain/perp/perp-funding.ts';
import { parseMinor } from '../../../contract/money.ts';
import { post } from '../helpers.ts';
import type { TradeTestApp } from '../trade/trade-helpers.ts';
import {
  bookOf,
  cid,
  makePerpApp,
  perpUser,
  SYMBOL,
  systemOf,
  TRADE_PASSWORD,
  usdt,
  type PerpUser,
} from './perp-helpers.ts';

const P = '/api/coin/contract/order';
let t: TradeTestApp;

beforeAll(async () => {
  t = await makePerpApp('perp-engine');
});
afterAll(async () => {
  await t.close();
});

const px = (s: string) => parseMinor(s, 2)!;
const en = (u: PerpUser) => ({ token: u.token, lang: 'en-US' });

async function openLong(u: PerpUser, side: 'long' | 'short' = 'long') {
  const r = await post(
    t.app,
    `${P}/add`,
    { clientId: cid(), symbol: SYMBOL, side, qty: '0.01', tradePassword: TRADE_PASSWORD },
    en(u),
  );
  expect(r.body.code).toBe(0);
  return r.body.data;
}

async function tick(mark: bigint): Promise<void> {
  const { engine } = t.app.perp;
  await engine.onMarks([{ symbol: SYMBOL, mark, last: mark }], t.app.market.now());
}

async function statusOf(id: number) {
  return t.db
    .selectFrom('perp_positions')
    .select(['status', 'margin'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('perp engine on mark ticks', () => {
  it('liquidates at the first tick at the liquidation price, not one tick before', async () => {
    const u = await perpUser(t);
    const { position, order } = await openLong(u);
    const lp = px(position.liqPrice);
    const fundBefore = await systemOf(t.db, 'insurance_fund');
    await tick(lp + 1n);
    expect((await statusOf(position.id)).status).toBe('open');
    await tick(lp);
    expect((await statusOf(position.id)).status).toBe('liquidated');
    const exec = await t.db
      .selectFrom('perp_orders')
      .select(['action', 'price'])
      .where('position_id', '=', position.id)
      .where('action', '=', 'liquidation')
      .executeTakeFirstOrThrow();
    expect(exec.price).toBe(lp);
    expect(await bookOf(t.db, u.accountId, 'contract_margin')).toBe(0n);
    // nothing comes back to the user: what the margin had left went to the fund
    const spent = parseMinor(order.margin, 6)! + parseMinor(order.fee, 6)!;
    expect(await bookOf(t.db, u.accountId, 'contract')).toBe(usdt(100_000) - spent);
    expect(await systemOf(t.db, 'insurance_fund')).toBeGreaterThan(fundBefore);
    // a later tick further down finds nothing more to do
    await tick(lp - 100n);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('a gap past bankruptcy is covered by the insurance fund; no user balance goes negative', async () => {
    const u = await perpUser(t, usdt(1_000));
    // a fund able to take the loss (an emptier one deleverages instead: perp-adl.test.ts)
    await postRecord(t.db, {
      kind: 'test_grant',
      ref: 'perp-engine:fund',
      accountId: u.accountId,
      now: 0,
      legs: [
        { system: 'test_funding', asset: 'USDT', amount: -usdt(1_000) },
        { system: 'insurance_fund', asset: 'USDT', amount: usdt(1_000) },
      ],
    });
    const { position } = await openLong(u);
    const bp = px(position.bankruptcyPrice);
    const fundBefore = await systemOf(t.db, 'insurance_fund');
    await tick(bp - px('1000'));
    expect((await statusOf(position.id)).status).toBe('liquidated');
    // 0.01 BTC × 1,000 USDT below bankruptcy: a 10 USDT loss beyond the margin, plus the close fee
    const fundAfter = await systemOf(t.db, 'insurance_fund');
    expect(fundBefore - fundAfter).toBeGreaterThanOrEqual(usdt(10));
    const report = await ledgerSelfCheck(t.db);
    expect(report.negativeUserBalances).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('a stop-loss on the mark closes the whole position when the mark reaches it', async () => {
    const u = await perpUser(t);
    const { position } = await openLong(u);
    const sl = (px(position.markPrice) * 99n) / 100n;
    expect(sl).toBeGreaterThan(px(position.liqPrice));
    const s = await post(
      t.app,
      `${P}/set/loss`,
      { positionId: String(position.id), price: (Number(sl) / 100).toFixed(2) },
      en(u),
    );
    expect(s.body.code).toBe(0);
    await tick(sl + 1n);
    expect((await statusOf(position.id)).status).toBe('open');
    await tick(sl);
    expect((await statusOf(position.id)).status).toBe('closed');
    const exec = await t.db
      .selectFrom('perp_orders')
      .select('action')
      .where('position_id', '=', position.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(exec.action).toBe('sl');
  });

  it('funding: the long pays, the short receives, the interval sums to zero and runs once', async () => {
    const long = await perpUser(t);
    const short = await perpUser(t);
    const l = (await openLong(long)).position;
    const s = (await openLong(short, 'short')).position;
    const clearingBefore = await systemOf(t.db, FUNDING_CLEARING);
    const fundBefore = await systemOf(t.db, 'insurance_fund');
    const marginsBefore = [(await statusOf(l.id)).margin, (await statusOf(s.id)).margin];
    const at = 8 * 3_600_000 * 1000;
    await t.app.perp.engine.settleAll(at, t.app.market.now());
    const lm = (await statusOf(l.id)).margin;
    const sm = (await statusOf(s.id)).margin;
    const paid = marginsBefore[0]! - lm;
    const got = sm - marginsBefore[1]!;
    expect(paid).toBeGreaterThan(0n); // premium 0 → F = interest 0.01 % > 0: longs pay
    expect(got).toBeGreaterThan(0n);
    expect(paid).toBeGreaterThanOrEqual(got);
    expect(await systemOf(t.db, FUNDING_CLEARING)).toBe(clearingBefore);
    const rows = await t.db.selectFrom('perp_funding').selectAll().where('interval_at', '=', at).execute();
    expect(rows).toHaveLength(1);
    expect((await systemOf(t.db, 'insurance_fund')) - fundBefore).toBe(rows[0]!.to_fund);
    await t.app.perp.engine.settleAll(at, t.app.market.now());
    expect((await statusOf(l.id)).margin).toBe(lm);
    expect(await bookOf(t.db, long.accountId, 'contract_margin')).toBe(lm);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });
});
