// Separate ballot pools (issue 17): the allotment runs per account kind, each pool over the whole retail
// portion with the same recorded seed, so demo applications never take shares from real ones; the offering's
// published demand and allotment are the real pool's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { allot } from '../../server/domain/ipo/allotment.ts';
import { runAllotment } from '../../server/domain/ipo/ipo-operator.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { TRADE_PASSWORD } from '../support/cheap-trader.ts';
import { makeTestApp, post, type TestApp } from './helpers.ts';
import { offering, subscriber } from './ipo-helpers.ts';
import { newClientId } from './withdraw-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
});
afterAll(() => t?.close());

const apply = async (offeringId: number, qty: number, token: string) => {
  const res = await post(
    t.app,
    '/api/stock/order/new/apply',
    {
      action: 'apply',
      offeringId: String(offeringId),
      qty: String(qty),
      clientId: newClientId(),
      tradePassword: TRADE_PASSWORD,
    },
    { lang: 'en-US', token },
  );
  expect(res.body.code).toBe(0);
  return res.body.data as { id: number };
};

const wonOf = async (id: number) =>
  (
    await t.db
      .selectFrom('ipo_applications')
      .select('won_shares')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).won_shares;

describe('allotment: real and demo ballot pools', () => {
  it('a demo crowd does not shrink the real allotment; each pool re-runs alone from the seed', async () => {
    const o = await offering(t, { retailShares: 1000, totalShares: 1000, maxQty: 1000 });
    const real = await subscriber(t, { pkr: 10_000_000n });
    const demos = await Promise.all([0, 1, 2, 3].map(() => subscriber(t)));
    const r = await apply(o.id, 1000, real.tokenReal);
    const d = await Promise.all(demos.map((s) => apply(o.id, 1000, s.tokenDemo)));

    const run = await runAllotment(t.db, CLI_ACTOR, o.id, 'pools', o.closes_at);
    // alone in the real pool: everything applied for, although five applied for twice the offer
    expect(await wonOf(r.id)).toBe(1000);
    expect(run.allotted).toBe(2000); // the run's total: 1,000 in each pool
    expect(run.offering).toMatchObject({ applied_shares: 1000, allotted_shares: 1000 });
    // the demo pool shares the same 1,000 among its own four, as its own ballot with the seed says
    const expected = allot(
      1000,
      d.map((a) => ({ id: a.id, qty: 1000 })),
      'pools',
      500,
    );
    const won = await Promise.all(d.map((a) => wonOf(a.id)));
    expect(won).toEqual(expected.allotments.map((a) => a.allotted));
    expect(won.reduce((x, y) => x + y, 0)).toBe(1000);
    expect((await t.app.ledger.money(real.accountId)).frozen).toBe(1_000_000n);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });
});
