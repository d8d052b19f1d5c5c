// The invariants of the investment-services model: ONE list (INVARIANTS), each checked after every command.
// Each throws (an expect) with what broke. To model another product (funds), add its invariants here.
import { expect } from 'vitest';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { sysAcct } from '../../../server/domain/ledger/books.ts';
import { balanceOf } from '../../../server/domain/ledger/ledger-repo.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { loanLimits, OPEN_STATUSES } from '../../../server/domain/loans/loans-repo.ts';
import { findProduct } from '../../../server/domain/robot/products.ts';
import { toRobotOrder } from '../../../server/domain/robot/report.ts';
import { readSettings } from '../../../server/domain/settings/settings-repo.ts';
import type { World } from './investment-world.ts';

export interface Invariant {
  name: string;
  check(w: World): Promise<void>;
}

const sum = (xs: readonly bigint[]): bigint => xs.reduce((a, b) => a + b, 0n);

/** Balances of every ledger account of one app account (a user's or a robot's), by book and asset. */
async function booksOfAccount(w: World, accountId: number) {
  return w.db
    .selectFrom('ledger_balances as b')
    .innerJoin('ledger_accounts as a', 'a.id', 'b.ledger_account_id')
    .select(['a.name', 'b.asset', 'b.amount'])
    .where('a.account_id', '=', accountId)
    .execute();
}

const ledgerBalances: Invariant = {
  name: 'the ledger balances: every journal sums to zero, cached balances equal the postings, and no user book is negative',
  async check(w) {
    const c = await ledgerSelfCheck(w.db);
    expect(c.unbalancedJournals).toEqual([]);
    expect(c.differences).toEqual([]);
    expect(c.negativeUserBalances).toEqual([]);
    const totals = await w.db
      .selectFrom('ledger_balances')
      .select((eb) => ['asset', eb.fn.sum<bigint>('amount').as('total')])
      .groupBy('asset')
      .execute();
    for (const t of totals) expect(`${t.asset} ${BigInt(t.total)}`).toBe(`${t.asset} 0`);
  },
};

const robotPnlIsLedger: Invariant = {
  name: "each robot's reported P&L equals its own account's ledger",
  async check(w) {
    const now = w.market.clock;
    for (const id of w.robots) {
      const o = await w.db
        .selectFrom('robot_orders')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const p = (await findProduct(w.db, o.product_id))!;
      const price = (s: string) => parseMinor(w.market.ticker(s)?.p ?? '', 2) ?? 0n;
      const report = await toRobotOrder({ db: w.db, t: (k) => k, lang: 'en', now, price }, o, p);
      // from the ledger alone: what moved between the user's cash and this robot (allocations out, the release
      // back), plus what the robot's account holds now (PKR in any book, shares in any book at the last price)
      const flows = await w.db
        .selectFrom('ledger_postings as x')
        .innerJoin('ledger_journals as j', 'j.id', 'x.journal_id')
        .innerJoin('ledger_accounts as a', 'a.id', 'x.ledger_account_id')
        .select('x.amount')
        .where('a.account_id', '=', o.account_id)
        .where('a.name', '=', 'cash')
        .where('x.asset', '=', 'PKR')
        .where((eb) => eb.or([eb('j.ref', '=', `robot:${id}`), eb('j.ref', 'like', `robot:${id}:add:%`)]))
        .execute();
      const held = await booksOfAccount(w, o.robot_account_id);
      const last = price(p.symbol) || o.start_price;
      const value = sum(
        held.map((b) => (b.asset === 'PKR' ? b.amount : b.asset === p.symbol ? b.amount * last : 0n)),
      );
      const net = sum(flows.map((f) => f.amount)) + value;
      expect(`robot ${id} (${o.state}) ${report.netPnl}`).toBe(
        `robot ${id} (${o.state}) ${formatMinor(net, 2)}`,
      );
      // what the user put in is what the report calls invested
      const fundings = await w.db
        .selectFrom('robot_fundings')
        .select('amount')
        .where('order_id', '=', id)
        .execute();
      expect(o.invested).toBe(sum(fundings.map((f) => f.amount)));
    }
  },
};

const robotStatesLegal: Invariant = {
  name: 'robot states are legal: an ended robot holds nothing; an exit fee only for a user exit inside the lock-in',
  async check(w) {
    let fees = 0n;
    for (const id of w.robots) {
      const o = await w.db
        .selectFrom('robot_orders')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(['running', 'ending', 'ended']).toContain(o.state);
      expect(o.capital).toBe(o.invested - o.entry_fee);
      if (o.state === 'running') expect(o.end_reason).toBeNull();
      else expect(['user_exit', 'lock_in_over']).toContain(o.end_reason);
      if (o.end_reason === 'lock_in_over') expect(o.ending_at!).toBeGreaterThanOrEqual(o.lock_until);
      if (o.state === 'ended') {
        for (const b of await booksOfAccount(w, o.robot_account_id)) expect(b.amount).toBe(0n);
        const early = o.end_reason === 'user_exit' && o.ending_at! < o.lock_until;
        if (!early) expect(o.exit_fee).toBe(0n);
      } else {
        expect(o.perf_fee + o.exit_fee + o.returned).toBe(0n);
      }
      fees += o.entry_fee + o.perf_fee + o.exit_fee;
    }
    // fee_robot received exactly the entry, performance and early-exit fees
    expect(await balanceOf(w.db, await sysAcct(w.db, 'fee_robot'), 'PKR')).toBe(fees);
    expect(w.runnerErrors).toEqual([]);
  },
};

const vipLegal: Invariant = {
  name: 'VIP states are legal: one trial at most and never after paying, expiry = the last purchase, fees = prices',
  async check(w) {
    let paid = 0n;
    for (const u of w.users) {
      const buys = await w.db
        .selectFrom('vip_purchases')
        .selectAll()
        .where('user_id', '=', u.userId)
        .execute();
      const m = await w.db
        .selectFrom('vip_memberships')
        .selectAll()
        .where('user_id', '=', u.userId)
        .executeTakeFirst();
      const trials = buys.filter((b) => b.plan === 'trial');
      const plans = buys.filter((b) => b.plan !== 'trial');
      expect(trials.length).toBeLessThanOrEqual(1);
      if (trials.length === 1 && plans.length > 0)
        expect(trials[0]!.created_at).toBeLessThanOrEqual(plans[0]!.created_at);
      for (const b of plans) expect(b.account_id).toBe(u.real);
      if (buys.length === 0) {
        expect(m?.kind ?? null).toBeNull();
        continue;
      }
      expect(m!.kind).toBe(plans.length > 0 ? 'paid' : 'trial');
      expect(m!.trial_used).toBe(trials.length);
      expect(m!.expires_at).toBe(Math.max(...buys.map((b) => b.expires_at)));
      for (const b of plans) expect(b.expires_at - b.starts_at).toBe(b.days * 86_400_000);
      paid += sum(plans.map((b) => b.price));
    }
    expect(await balanceOf(w.db, await sysAcct(w.db, 'fee_vip'), 'PKR')).toBe(paid);
  },
};

const loansLegal: Invariant = {
  name: 'loan states are legal and the loan books match them; a repayment under review is frozen on the real account',
  async check(w) {
    const lim = loanLimits(await readSettings(w.db));
    let lent = 0n;
    let interest = 0n;
    let fees = 0n;
    for (const u of w.users) {
      const loans = await w.db.selectFrom('loans').selectAll().where('user_id', '=', u.userId).execute();
      let frozen = 0n;
      let open = 0n;
      for (const l of loans) {
        expect(l.account_id).toBe(u.real);
        expect(['review', 'active', 'repaying', 'repaid', 'rejected']).toContain(l.status);
        expect(l.interest + l.fee).toBeLessThanOrEqual(l.principal);
        const disbursed = ['active', 'repaying', 'repaid'].includes(l.status);
        expect(l.disbursed_at !== null && l.due_at !== null).toBe(disbursed);
        expect(l.repay_total !== null).toBe(l.status === 'repaying' || l.status === 'repaid');
        if (l.status === 'rejected') expect(l.reason).not.toBe('');
        if (l.repay_total !== null) expect(l.repay_total).toBe(l.principal + l.repay_interest! + l.fee);
        if (l.status === 'repaying') frozen += l.repay_total!;
        if (l.status === 'active' || l.status === 'repaying') lent += l.principal;
        if (l.status === 'repaid') {
          interest += l.repay_interest!;
          fees += l.fee;
        }
        if (OPEN_STATUSES.includes(l.status)) open += l.principal;
      }
      expect(open).toBeLessThanOrEqual(lim.maxOpen);
      const realFrozen = (await booksOfAccount(w, u.real)).find(
        (b) => b.name === 'frozen' && b.asset === 'PKR',
      );
      expect(realFrozen?.amount ?? 0n).toBe(frozen);
    }
    expect(await balanceOf(w.db, await sysAcct(w.db, 'loan_book'), 'PKR')).toBe(-lent);
    expect(await balanceOf(w.db, await sysAcct(w.db, 'loan_interest'), 'PKR')).toBe(interest);
    expect(await balanceOf(w.db, await sysAcct(w.db, 'fee_loan'), 'PKR')).toBe(fees);
  },
};

/** Every invariant of the model, checked after every command. */
export const INVARIANTS: readonly Invariant[] = [
  ledgerBalances,
  robotPnlIsLedger,
  robotStatesLegal,
  vipLegal,
  loansLegal,
];

export async function checkAll(w: World): Promise<void> {
  for (const inv of INVARIANTS) {
    try {
      await inv.check(w);
    } catch (err) {
      throw new Error(`invariant broken: ${inv.name}\n${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
