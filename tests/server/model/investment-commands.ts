// The commands of the investment-services model: ONE list (COMMANDS). Each is a name, an arbitrary for its
// arguments, the refusals it may meet (keys of locales/*/errors.json, or a console refusal's reason) and what
// it does to the world through the domain functions the routes, the console and the runner call. A refusal
// must change nothing (no journal, no robot order, no loan, no VIP purchase): `runStep` checks that for every
// command. To model another product (funds), add its commands here and its invariants to INVARIANTS.
import fc from 'fast-check';
import { formatMinor } from '../../../contract/money.ts';
import { repaymentAt } from '../../../contract/loan-terms.ts';
import { AppError } from '../../../server/errors.ts';
import { CLI_ACTOR } from '../../../server/domain/audit/audit-log.ts';
import { applyForLoan, keyFacts, termsOrThrow } from '../../../server/domain/loans/loan-apply.ts';
import { repayLoan } from '../../../server/domain/loans/loan-repay.ts';
import {
  approveLoan,
  confirmRepayment,
  LoanReviewError,
  refuseRepayment,
  rejectLoan,
} from '../../../server/domain/loans/loan-review.ts';
import { findLoan, loanLimits } from '../../../server/domain/loans/loans-repo.ts';
import { addToRobot, buyRobot, exitRobot, type RobotCaller } from '../../../server/domain/robot/allocate.ts';
import { listProducts } from '../../../server/domain/robot/products.ts';
import { readSettings } from '../../../server/domain/settings/settings-repo.ts';
import { releaseDueLocks } from '../../../server/domain/trading/t-plus-one.ts';
import { buyVip } from '../../../server/domain/vip/vip-buy.ts';
import { parseMinor } from '../../../contract/money.ts';
import { clientId, PIN, type World } from './investment-world.ts';

const DAY_MS = 86_400_000;

export interface Command<A> {
  name: string;
  args: fc.Arbitrary<A>;
  /** refusals this command may meet: AppError keys, or LoanReviewError reasons */
  refusals: readonly string[];
  run(w: World, a: A): Promise<void>;
}

const who = fc.nat(2); // USERS − 1
const pick = fc.nat(30); // an index into what exists, modulo its length
const acct = fc.constantFrom('real' as const, 'demo' as const);

function caller(w: World, u: number, type: 'real' | 'demo'): RobotCaller {
  const x = w.users[u % w.users.length]!;
  return { userId: x.userId, accountId: type === 'real' ? x.real : x.demo, accountType: type };
}

const pickOf = <T>(list: readonly T[], i: number): T | undefined =>
  list.length === 0 ? undefined : list[i % list.length];

/** Mostly a loan in the state the command expects (so runs reach the end of the life cycle), sometimes any. */
const loanPick = fc.record({
  pick,
  any: fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 4, arbitrary: fc.constant(false) }),
});
async function loanIn(
  w: World,
  a: { pick: number; any: boolean },
  status: string,
): Promise<number | undefined> {
  if (a.any) return pickOf(w.loans, a.pick);
  const rows = await w.db.selectFrom('loans').select(['id', 'status']).orderBy('id').execute();
  return (
    pickOf(
      rows.filter((r) => r.status === status).map((r) => r.id),
      a.pick,
    ) ?? pickOf(w.loans, a.pick)
  );
}

/** The price each fake stock may print (all inside its band). */
const PRINTS: Record<string, string[]> = {
  AAA: ['9.40', '9.90', '9.99', '10.00', '10.01', '10.20', '10.70'],
  CCC: ['1.10', '1.90', '1.99', '2.00', '2.01', '2.30', '2.90'],
};

/** One feed step at `clock` + `seconds`: the engine matches, then the runner evaluates every live robot. */
export async function marketStep(w: World, symbol: string, price: string, seconds: number): Promise<void> {
  w.market.clock += seconds * 1000;
  w.market.stocks.get(symbol)!.last = price;
  const tick = w.market.tick({ [symbol]: [[price, '100']] });
  await w.engine.onTick(tick);
  w.runner.onTick(tick);
  await w.runner.idle();
}

const robotAllocate: Command<{ u: number; acct: 'real' | 'demo'; product: number; amount: string }> = {
  name: 'robot allocate',
  args: fc.record({
    u: who,
    acct,
    product: fc.nat(2),
    amount: fc.constantFrom('5000', '10000', '20000', '30000', '60000', '200000'),
  }),
  refusals: ['robot.amountRange', 'robot.singleLimit', 'robot.insufficient'],
  async run(w, a) {
    const products = await listProducts(w.db);
    const p = products[a.product % products.length]!;
    const r = await buyRobot(
      w.db,
      caller(w, a.u, a.acct),
      {
        productId: p.id,
        amount: a.amount,
        clientId: clientId(w),
        price: (s) => parseMinor(w.market.ticker(s)?.p ?? '', 2) ?? 0n,
        verifyPassword: async () => {},
      },
      w.market.clock,
    );
    w.robots.push(r.order.id);
    w.runner.changed(r.order.id);
  },
};

const robotAdd: Command<{ pick: number; amount: string }> = {
  name: 'robot add',
  args: fc.record({ pick, amount: fc.constantFrom('500', '1000', '5000', '20000', '900000') }),
  refusals: ['robot.notRunning', 'robot.belowMinAdd', 'robot.addRoom', 'robot.insufficient'],
  async run(w, a) {
    const id = pickOf(w.robots, a.pick);
    if (id === undefined) return;
    const o = await w.db
      .selectFrom('robot_orders')
      .select(['user_id', 'account_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const u = w.users.findIndex((x) => x.userId === o.user_id);
    const type = w.users[u]!.real === o.account_id ? 'real' : 'demo';
    await addToRobot(
      w.db,
      caller(w, u, type),
      {
        orderId: id,
        amount: a.amount,
        clientId: clientId(w),
        price: (s) => parseMinor(w.market.ticker(s)?.p ?? '', 2) ?? 0n,
        verifyPassword: async () => {},
      },
      w.market.clock,
    );
    w.runner.changed(id);
  },
};

/** A user exit: early while the lock-in runs, after it once `days` has moved the clock past it. */
const robotExit: Command<{ pick: number }> = {
  name: 'robot exit',
  args: fc.record({ pick }),
  refusals: ['robot.notRunning'],
  async run(w, a) {
    const id = pickOf(w.robots, a.pick);
    if (id === undefined) return;
    const o = await w.db
      .selectFrom('robot_orders')
      .select(['user_id', 'account_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const u = w.users.findIndex((x) => x.userId === o.user_id);
    const type = w.users[u]!.real === o.account_id ? 'real' : 'demo';
    await exitRobot(w.db, caller(w, u, type), id, async () => {}, w.market.clock);
    w.runner.changed(id);
  },
};

const marketSteps: Command<{ symbol: 'AAA' | 'CCC'; prices: number[] }> = {
  name: 'market steps',
  args: fc.record({
    symbol: fc.constantFrom('AAA' as const, 'CCC' as const),
    prices: fc.array(fc.nat(6), { minLength: 1, maxLength: 4 }),
  }),
  refusals: [],
  async run(w, a) {
    for (const i of a.prices) await marketStep(w, a.symbol, PRINTS[a.symbol]![i]!, 61);
  },
};

/** Days pass: T+1 locks lift, lock-ins end (the runner ends them on the next step), loans run late. */
const daysPass: Command<{ days: number }> = {
  name: 'days pass',
  args: fc.record({ days: fc.constantFrom(1, 3, 8, 15) }),
  refusals: [],
  async run(w, a) {
    w.market.clock += a.days * DAY_MS;
    await releaseDueLocks(w.db, null, w.market.clock);
    await marketStep(w, 'AAA', w.market.stocks.get('AAA')!.last, 1);
  },
};

const vipBuy: Command<{ u: number; acct: 'real' | 'demo'; plan: string; retry: boolean }> = {
  name: 'vip buy',
  args: fc.record({
    u: who,
    acct,
    plan: fc.constantFrom('trial', 'trial', 'm1', 'm3', 'nope'),
    retry: fc.boolean(),
  }),
  refusals: ['vip.trialUsed', 'vip.trialNotAvailable', 'vip.unknownPlan', 'vip.realOnly', 'vip.insufficient'],
  async run(w, a) {
    const s = await readSettings(w.db);
    const rules = { trialDays: s['vip.trialDays'], plans: s['vip.plans'] };
    const req = {
      plan: a.plan,
      clientId: clientId(w),
      tradePassword: PIN,
      verifyPassword: async () => {},
    };
    await buyVip(w.db, caller(w, a.u, a.acct), req, rules, w.market.clock);
    // a retried clientId answers again and changes nothing (the invariants count purchases and journals)
    if (a.retry) await buyVip(w.db, caller(w, a.u, a.acct), req, rules, w.market.clock);
  },
};

const loanApply: Command<{ u: number; acct: 'real' | 'demo'; amount: string; days: number }> = {
  name: 'loan apply',
  args: fc.record({
    u: who,
    acct: fc.oneof({ weight: 5, arbitrary: fc.constant('real' as const) }, { weight: 1, arbitrary: acct }),
    amount: fc.constantFrom('500', '1000', '5000', '5000', '10000', '20000', '30000'),
    days: fc.constantFrom(7, 14, 30),
  }),
  refusals: ['loan.demo', 'loan.belowMin', 'loan.aboveMax', 'loan.openCap', 'loan.riskTier'],
  async run(w, a) {
    const lim = loanLimits(await readSettings(w.db));
    const amount = parseMinor(a.amount, 2)!;
    const facts = keyFacts(termsOrThrow(lim, amount, a.days, w.market.clock));
    const loan = await applyForLoan(
      w.db,
      w.guard,
      caller(w, a.u, a.acct),
      {
        amount: a.amount,
        days: String(a.days),
        total: facts.total,
        apr: facts.apr,
        password: PIN,
        clientId: clientId(w),
      },
      w.market.clock,
    );
    w.loans.push(loan.id);
  },
};

const loanDecide: Command<{ pick: number; any: boolean; decision: 'approve' | 'reject' }> = {
  name: 'loan review (operator)',
  args: fc.record({
    pick,
    any: loanPick.map((x) => x.any),
    decision: fc.constantFrom('approve' as const, 'approve' as const, 'reject' as const),
  }),
  refusals: ['wrongState'],
  async run(w, a) {
    const id = await loanIn(w, a, 'review');
    if (id === undefined) return;
    if (a.decision === 'approve') await approveLoan(w.db, CLI_ACTOR, id, w.market.clock);
    else await rejectLoan(w.db, CLI_ACTOR, id, { reason: 'model' }, w.market.clock);
  },
};

const loanRepay: Command<{ pick: number; any: boolean }> = {
  name: 'loan repay',
  args: loanPick,
  refusals: ['loan.notActive', 'loan.insufficient'],
  async run(w, a) {
    const id = await loanIn(w, a, 'active');
    if (id === undefined) return;
    const loan = (await findLoan(w.db, id))!;
    const u = w.users.findIndex((x) => x.userId === loan.user_id);
    const total =
      loan.disbursed_at === null
        ? '1.00'
        : formatMinor(
            repaymentAt(
              {
                principal: loan.principal,
                days: loan.days,
                dailyRatePpm: BigInt(loan.daily_rate_ppm),
                fee: loan.fee,
                disbursedAt: loan.disbursed_at,
              },
              w.market.clock,
            ).total,
            2,
          );
    await repayLoan(w.db, w.guard, caller(w, u, 'real'), { id, total, password: PIN }, w.market.clock);
  },
};

const loanConfirm: Command<{ pick: number; any: boolean; decision: 'confirm' | 'refuse' }> = {
  name: 'loan repayment decided (operator)',
  args: fc.record({
    pick,
    any: loanPick.map((x) => x.any),
    decision: fc.constantFrom('confirm' as const, 'confirm' as const, 'refuse' as const),
  }),
  refusals: ['wrongState'],
  async run(w, a) {
    const id = await loanIn(w, a, 'repaying');
    if (id === undefined) return;
    if (a.decision === 'confirm') await confirmRepayment(w.db, CLI_ACTOR, id, w.market.clock);
    else await refuseRepayment(w.db, CLI_ACTOR, id, { reason: 'model' }, w.market.clock);
  },
};

/** Every command of the model, with how often fast-check draws it. */
export const COMMANDS: ReadonlyArray<{ weight: number; command: Command<never> }> = [
  { weight: 4, command: robotAllocate as Command<never> },
  { weight: 2, command: robotAdd as Command<never> },
  { weight: 2, command: robotExit as Command<never> },
  { weight: 6, command: marketSteps as Command<never> },
  { weight: 2, command: daysPass as Command<never> },
  { weight: 2, command: vipBuy as Command<never> },
  { weight: 3, command: loanApply as Command<never> },
  { weight: 4, command: loanDecide as Command<never> },
  { weight: 4, command: loanRepay as Command<never> },
  { weight: 4, command: loanConfirm as Command<never> },
];

export interface Step {
  command: Command<never>;
  args: never;
  toString(): string;
}

export const step: fc.Arbitrary<Step> = fc.oneof(
  ...COMMANDS.map(({ weight, command }) => ({
    weight,
    arbitrary: (command.args as fc.Arbitrary<unknown>).map((args): Step => ({
      command,
      args: args as never,
      toString: () => `${command.name} ${JSON.stringify(args)}`,
    })),
  })),
);

async function footprint(w: World): Promise<number[]> {
  const n = async (t: 'ledger_journals' | 'robot_orders' | 'robot_fundings' | 'loans' | 'vip_purchases') =>
    Number(
      (
        await w.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [
    await n('ledger_journals'),
    await n('robot_orders'),
    await n('robot_fundings'),
    await n('loans'),
    await n('vip_purchases'),
  ];
}

/** Runs one step; a refusal must be one the command may meet, and must have changed nothing. */
export async function runStep(w: World, s: Step): Promise<void> {
  const before = await footprint(w);
  try {
    await s.command.run(w, s.args);
  } catch (err) {
    const key = err instanceof AppError ? err.key : err instanceof LoanReviewError ? err.reason : undefined;
    if (key === undefined || !s.command.refusals.includes(key)) throw err;
    const after = await footprint(w);
    if (after.join() !== before.join())
      throw new Error(`${String(s)} was refused (${key}) but changed ${before.join()} → ${after.join()}`);
  }
}
