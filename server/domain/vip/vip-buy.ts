// POST user/vip/buy: start the free trial or pay for a plan (contract/vip.ts has the decisions). Checks, in
// this order, each refusing with nothing stored: a retry of the same clientId (answers again, no second
// effect); the trial: not used before and never a paid member; a plan: one of vip.plans, the real account,
// the transaction password (a guarded try, as stock orders). Then one transaction: the purchase row, the
// membership's new period and, for a plan, the ledger journal vip_buy (cash → fee_vip) with its balance
// check ('Insufficient Balance' rolls everything back).
//
// Concurrency: the membership row is made if missing and read FOR UPDATE (PostgreSQL; SQLite's writes are
// serialised), so two requests of one user run one after the other and the second sees the first (its
// clientId, the trial used, the later expiry). A plan first locks the real account (ledger/locks.ts: account
// before membership, the one order every path takes), as any posting does.
import type { Db } from '../../db/database.ts';
import { inTx, READ_COMMITTED } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import { parseMinor } from '../../../contract/money.ts';
import type { VipPlanSetting } from '../../../contract/vip.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { PKR } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { LedgerError, postRecord } from '../ledger/post.ts';
import { ensureMembershipRow, findPurchaseByClientId, readMembership } from './vip-repo.ts';
import { DAY_MS, extendPeriod } from './vip-status.ts';

export interface VipCaller {
  userId: number;
  accountId: number;
  accountType: AccountType;
}

export interface VipBuyRequest {
  plan: string;
  clientId: string;
  tradePassword: string | undefined;
  /** checks the transaction password (throws its refusal); called after the cheap checks */
  verifyPassword: (password: string) => Promise<void>;
}

export interface VipRules {
  trialDays: number;
  plans: readonly VipPlanSetting[];
}
export const TRIAL = 'trial';

/** Starts the trial or buys a plan; a retried clientId changes nothing. */
export async function buyVip(
  db: Db,
  c: VipCaller,
  req: VipBuyRequest,
  rules: VipRules,
  now: number,
): Promise<void> {
  if (await findPurchaseByClientId(db, c.userId, req.clientId)) return;
  if (req.plan === TRIAL) return startTrial(db, c, req.clientId, rules.trialDays, now);
  const plan = rules.plans.find((p) => p.id === req.plan);
  if (!plan) throw fieldError('plan', 'vip.unknownPlan');
  if (c.accountType !== 'real') throw new AppError('vip.realOnly');
  if (req.tradePassword === undefined) throw fieldError('tradePassword', 'vip.passwordRequired');
  await req.verifyPassword(req.tradePassword);
  const price = parseMinor(plan.price, 2);
  if (price === null) throw new AppError('vip.unknownPlan');

  await inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      await ensureMembershipRow(tx, c.userId, now);
      const m = await readMembership(tx, c.userId, true);
      if (await findPurchaseByClientId(tx, c.userId, req.clientId)) return;
      const period = extendPeriod(m, plan.days, now);
      const purchase = await tx
        .insertInto('vip_purchases')
        .values({
          user_id: c.userId,
          account_id: c.accountId,
          client_id: req.clientId,
          plan: plan.id,
          days: plan.days,
          price,
          starts_at: period.startsAt,
          expires_at: period.expiresAt,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        await postRecord(tx, {
          kind: 'vip_buy',
          ref: `vip:${purchase.id}`,
          accountId: c.accountId,
          legs: [
            { accountId: c.accountId, book: 'cash', asset: PKR, amount: -price },
            { system: 'fee_vip', asset: PKR, amount: price },
          ],
          memo: `plan ${plan.id}, ${plan.days} days`,
          now,
        });
      } catch (err) {
        if (err instanceof LedgerError && err.reason === 'insufficient')
          throw new AppError('vip.insufficient');
        throw err;
      }
      const running = m.expiresAt !== null && m.expiresAt > now;
      await tx
        .updateTable('vip_memberships')
        .set({
          kind: 'paid',
          // a renewal of a running paid membership keeps its start; anything else starts now
          started_at: running && m.kind === 'paid' && m.startedAt !== null ? m.startedAt : now,
          expires_at: period.expiresAt,
          updated_at: now,
        })
        .where('user_id', '=', c.userId)
        .execute();
    },
    READ_COMMITTED,
  );
}

async function startTrial(db: Db, c: VipCaller, clientId: string, days: number, now: number): Promise<void> {
  await inTx(
    db,
    async (tx) => {
      await ensureMembershipRow(tx, c.userId, now);
      const m = await readMembership(tx, c.userId, true);
      if (await findPurchaseByClientId(tx, c.userId, clientId)) return;
      if (m.trialUsed) throw new AppError('vip.trialUsed');
      if (m.kind !== null) throw new AppError('vip.trialNotAvailable');
      const expiresAt = now + days * DAY_MS;
      await tx
        .insertInto('vip_purchases')
        .values({
          user_id: c.userId,
          account_id: c.accountId,
          client_id: clientId,
          plan: TRIAL,
          days,
          price: 0n,
          starts_at: now,
          expires_at: expiresAt,
          created_at: now,
        })
        .execute();
      await tx
        .updateTable('vip_memberships')
        .set({ kind: 'trial', started_at: now, expires_at: expiresAt, trial_used: 1, updated_at: now })
        .where('user_id', '=', c.userId)
        .execute();
    },
    READ_COMMITTED,
  );
}
