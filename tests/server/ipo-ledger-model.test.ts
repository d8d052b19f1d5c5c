// A model of IPO money over random runs (domain functions, no HTTP): several subscribers apply with random
// quantities, some cancel, the operator allots with a random seed, some pay, the deadline's pass pays the rest,
// the offering lists. After every run: each frozen paisa was released or spent exactly once (frozen 0, cash =
// grant − paid), the issuer received exactly the paid money and gave exactly the shares, allotted never exceeds
// the retail shares, every share sits in the ordinary book after listing, and the ledger's self-check is clean.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import {
  applyForIpo,
  cancelIpoApplication,
  issuerAccount,
  payIpoApplication,
} from '../../server/domain/ipo/ipo-apply.ts';
import { markListed, payDue, runAllotment } from '../../server/domain/ipo/ipo-operator.ts';
import { sysAcct, userAcct } from '../../server/domain/ledger/books.ts';
import { balanceOf } from '../../server/domain/ledger/ledger-repo.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { offering, subscriber, type Subscriber } from './ipo-helpers.ts';
import { grant, newClientId } from './withdraw-helpers.ts';

let t: TestApp;
let subs: Subscriber[] = [];
const GRANT = 2_000_000n; // PKR 20,000.00: enough for 2,000 shares at PKR 10
beforeAll(async () => {
  t = await makeTestApp();
  subs = [];
  for (let i = 0; i < 5; i++) subs.push(await subscriber(t));
});
afterAll(() => t?.close());

const user = fc.record({
  lots: fc.integer({ min: 0, max: 6 }), // 0: no application; 5 and 6 exceed the grant (refused)
  cancel: fc.boolean(),
  pay: fc.boolean(),
});

it('every frozen paisa is released or spent once; allotted ≤ offered; the ledger balances', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(user, { minLength: 5, maxLength: 5 }),
      fc.integer({ min: 1, max: 8 }),
      fc.string({ maxLength: 12 }),
      async (plan, retailLots, seed) => {
        const o = await offering(t, { retailShares: retailLots * 500, maxQty: 3000 });
        const now = Date.now();
        const apps: Array<{ s: Subscriber; id: number } | null> = [];
        // each run starts every subscriber from the same real balance: top up to GRANT
        for (const s of subs) {
          const m = await t.app.ledger.money(s.accountId);
          if (m.frozen !== 0n) throw new Error('frozen left over from the previous run');
          if (m.available < GRANT) await grant(t.db, s.accountId, 'PKR', GRANT - m.available);
        }
        const start = await Promise.all(subs.map((s) => t.app.ledger.money(s.accountId)));
        for (const [i, p] of plan.entries()) {
          const s = subs[i]!;
          if (p.lots === 0) {
            apps.push(null);
            continue;
          }
          const caller = { userId: s.userId, accountId: s.accountId, accountType: 'real' as const };
          try {
            const r = await applyForIpo(
              t.db,
              caller,
              {
                offeringId: o.id,
                qty: p.lots * 500,
                clientId: newClientId(),
                verifyPassword: async () => {},
              },
              now,
            );
            apps.push({ s, id: r.application.id });
            if (p.cancel) await cancelIpoApplication(t.db, caller, r.application.id, now);
          } catch (e) {
            // only a quantity the balance cannot cover is refused here (5 or 6 lots: PKR 25,000+)
            expect(e).toMatchObject({ key: 'ipo.insufficient' });
            expect(p.lots).toBeGreaterThanOrEqual(5);
            apps.push(null);
          }
        }
        const run = await runAllotment(t.db, CLI_ACTOR, o.id, seed, o.closes_at);
        expect(run.allotted).toBeLessThanOrEqual(o.retail_shares);
        for (const [i, a] of apps.entries()) {
          if (!a || !plan[i]!.pay) continue;
          const caller = { userId: a.s.userId, accountId: a.s.accountId, accountType: 'real' as const };
          const row = await t.db
            .selectFrom('ipo_applications')
            .select('state')
            .where('id', '=', a.id)
            .executeTakeFirstOrThrow();
          if (row.state === 'allotted') await payIpoApplication(t.db, caller, a.id, o.closes_at);
        }
        await payDue(t.db, o.pay_by, o.id);
        await markListed(t.db, CLI_ACTOR, o.id, o.list_at);

        let paidTotal = 0n;
        let wonTotal = 0n;
        for (const [i, s] of subs.entries()) {
          const rows = await t.db
            .selectFrom('ipo_applications')
            .selectAll()
            .where('offering_id', '=', o.id)
            .where('account_id', '=', s.accountId)
            .execute();
          const won = rows.reduce((x, r) => x + (r.state === 'paid' ? BigInt(r.won_shares) : 0n), 0n);
          for (const r of rows) expect(['paid', 'not_allotted', 'cancelled']).toContain(r.state);
          const m = await t.app.ledger.money(s.accountId);
          expect(m.frozen).toBe(0n);
          expect(m.available).toBe(start[i]!.available - won * 1000n);
          expect(await balanceOf(t.db, await userAcct(t.db, s.accountId, 'shares'), o.symbol)).toBe(won);
          expect(await balanceOf(t.db, await userAcct(t.db, s.accountId, 'shares_ipo'), o.symbol)).toBe(0n);
          paidTotal += won * 1000n;
          wonTotal += won;
        }
        expect(wonTotal).toBe(BigInt(run.allotted));
        const issuer = await sysAcct(t.db, issuerAccount(o.id));
        expect(await balanceOf(t.db, issuer, 'PKR')).toBe(paidTotal);
        expect(await balanceOf(t.db, issuer, o.symbol)).toBe(-wonTotal);
      },
    ),
    { numRuns: 15 },
  );
  expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
});
