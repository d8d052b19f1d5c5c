// A model of the investment services together (issue 18 Tests): several users allocate to robots, add, exit
// early and after the lock-in, the market steps and the robots trade, days pass (T+1, lock-ins end, loans run
// late), users start VIP trials and buy plans, apply for loans that an operator approves or rejects, repay, and
// the operator confirms or refuses the repayment. After every command every invariant of investment-invariants.ts holds
// (the ledger balances, nothing negative, each robot's reported P&L is its ledger, VIP and loan states legal).
// The commands are one list (investment-commands.ts), the invariants another: a new product adds to both.
// Sizes: 200 cases on SQLite (npm test, ~35 s here); 40 on PostgreSQL (~20 s alone, ~75 s on a loaded 2-core machine), where each command's
// transactions cost more: enough to cross its locking and bigint paths with every command and state.
// MODEL_STATS=1 prints how often each robot, loan and VIP outcome was reached.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { testDialect } from '../../support/test-db.ts';
import { tradingDb, type TradingDb } from '../trading/trading-db.ts';
import { runStep, step } from './investment-commands.ts';
import { checkAll } from './investment-invariants.ts';
import { newWorld, prepareProducts } from './investment-world.ts';

const RUNS = testDialect() === 'postgres' ? 40 : 200;

let shared: TradingDb;
beforeAll(async () => {
  shared = await tradingDb();
  await prepareProducts(shared.db);
});
afterAll(async () => {
  if (process.env.MODEL_STATS) console.log(seen);
  await shared?.close();
});

// MODEL_STATS=1 prints how often each outcome was reached (to check the generators reach what they should).
const seen: Record<string, number> = {};
async function tally(w: Awaited<ReturnType<typeof newWorld>>): Promise<void> {
  const bump = (k: string, n = 1) => (seen[k] = (seen[k] ?? 0) + n);
  for (const o of await w.db.selectFrom('robot_orders').select(['state', 'end_reason']).execute())
    bump(`robot ${o.state} ${o.end_reason ?? ''}`);
  for (const f of await w.db.selectFrom('stock_fills').select('side').execute()) bump(`fill ${f.side}`);
  for (const l of await w.db.selectFrom('loans').select('status').execute()) bump(`loan ${l.status}`);
  for (const v of await w.db.selectFrom('vip_purchases').select('plan').execute()) bump(`vip ${v.plan}`);
  for (const m of await w.db.selectFrom('user_messages').select('text_key').execute())
    bump(`msg ${m.text_key}`);
}

describe('investment services model', () => {
  it(`keeps every invariant over ${RUNS} random runs of robots, market steps, VIP and loans`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 22 }), async (steps) => {
        const w = await newWorld(shared);
        await checkAll(w);
        for (const s of steps) {
          await runStep(w, s);
          await checkAll(w);
        }
        if (process.env.MODEL_STATS) await tally(w);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
