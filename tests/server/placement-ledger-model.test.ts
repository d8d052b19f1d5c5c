// A model of placement money over random runs (domain functions, no HTTP): several international investors
// apply with random quantities (some beyond their balance: refused, nothing stored), the operator allocates a
// random offer. After every run: each frozen paisa was given back or spent exactly once (frozen 0, cash = start
// − paid), allocated never exceeds offered, each account's locked shares grew by exactly what it was allocated,
// the seller received exactly the paid money and gave exactly the shares, and the ledger's self-check is clean.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { sysAcct, userAcct } from '../../server/domain/ledger/books.ts';
import { balanceOf } from '../../server/domain/ledger/ledger-repo.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { applyForPlacement } from '../../server/domain/placement/placement-apply.ts';
import { allocatePlacement, sellerAccount } from '../../server/domain/placement/placement-operator.ts';
import type { Subscriber } from './ipo-helpers.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { investor, placement } from './placement-helpers.ts';
import { grant, newClientId } from './withdraw-helpers.ts';

let t: TestApp;
let subs: Subscriber[] = [];
const GRANT = 2_000_000n; // PKR 20,000.00: 2,000 shares at PKR 10
beforeAll(async () => {
  t = await makeTestApp();
  subs = [];
  for (let i = 0; i < 5; i++) subs.push(await investor(t, { pkr: GRANT }));
});
afterAll(() => t?.close());

const locked = async (accountId: number) =>
  balanceOf(t.db, await userAcct(t.db, accountId, 'shares_locked'), 'OGDC');

it('every frozen paisa is given back or spent once; allocated ≤ offered; the ledger balances', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 5, maxLength: 5 }),
      fc.integer({ min: 1, max: 8 }),
      async (plan, offeredLots) => {
        const p = await placement(t, { totalShares: offeredLots * 500, minQty: 500 });
        const now = Date.now();
        for (const s of subs) {
          const m = await t.app.ledger.money(s.accountId);
          if (m.frozen !== 0n) throw new Error('frozen left over from the previous run');
          if (m.available < GRANT) await grant(t.db, s.accountId, 'PKR', GRANT - m.available);
        }
        const start = await Promise.all(subs.map((s) => t.app.ledger.money(s.accountId)));
        const lockedBefore = await Promise.all(subs.map((s) => locked(s.accountId)));
        for (const [i, lots] of plan.entries()) {
          const s = subs[i]!;
          if (lots === 0) continue;
          const caller = { userId: s.userId, accountId: s.accountId, accountType: 'real' as const };
          const req = {
            placementId: p.id,
            qty: lots * 500,
            clientId: newClientId(),
            verifyPassword: async () => {},
          };
          try {
            await applyForPlacement(t.db, caller, req, now);
          } catch (e) {
            // refused: more than offered (qty) or more than the balance (5 or 6 lots: PKR 25,000+)
            expect(['placement.aboveTotal', 'placement.insufficient']).toContain((e as { key?: string }).key);
            expect(lots > offeredLots || lots >= 5).toBe(true);
          }
        }
        const run = await allocatePlacement(t.db, CLI_ACTOR, p.id, p.closes_at);
        expect(run.allocated).toBeLessThanOrEqual(p.total_shares);
        let paidTotal = 0n;
        let wonTotal = 0n;
        for (const [i, s] of subs.entries()) {
          const rows = await t.db
            .selectFrom('placement_applications')
            .selectAll()
            .where('placement_id', '=', p.id)
            .where('account_id', '=', s.accountId)
            .execute();
          const won = rows.reduce((x, r) => x + BigInt(r.won_shares), 0n);
          for (const r of rows) expect(['allocated', 'not_allocated']).toContain(r.state);
          const m = await t.app.ledger.money(s.accountId);
          expect(m.frozen).toBe(0n);
          expect(m.available).toBe(start[i]!.available - won * 1000n);
          expect(await locked(s.accountId)).toBe(lockedBefore[i]! + won);
          paidTotal += won * 1000n;
          wonTotal += won;
        }
        expect(wonTotal).toBe(BigInt(run.allocated));
        const seller = await sysAcct(t.db, sellerAccount(p.id));
        expect(await balanceOf(t.db, seller, 'PKR')).toBe(paidTotal);
        expect(await balanceOf(t.db, seller, 'OGDC')).toBe(-wonTotal);
      },
    ),
    { numRuns: 15 },
  );
  expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
});
