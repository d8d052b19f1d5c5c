// The world the investment-services model runs in (investment-model.test.ts): one migrated database shared by
// every case and emptied before each, a hand-set market (trading/fake-market.ts) with its own clock, the real
// trading engine, the real robot runner on that market, and several users whose real and demo accounts hold a
// grant. Commands (investment-commands.ts) act on it through the domain functions the routes and the console
// call; invariants (investment-invariants.ts) read it back after every command.
import type { Db } from '../../../server/db/database.ts';
import { inTx } from '../../../server/db/tx.ts';
import { forgetLedgerAccounts } from '../../../server/domain/ledger/ledger-repo.ts';
import { grantCash } from '../../../server/domain/ledger/post.ts';
import { AttemptGuard, MemoryAttemptStore } from '../../../server/domain/rate-limit/attempt-guard.ts';
import { RobotRunner } from '../../../server/domain/robot/runner.ts';
import { TradingEngine } from '../../../server/domain/trading/engine.ts';
import { DEFAULT_FEES } from '../../../server/domain/trading/fees.ts';
import { cheapHash } from '../../support/cheap-trader.ts';
import { FakeMarket, MONDAY_10AM } from '../trading/fake-market.ts';
import { addUser, type TradingDb } from '../trading/trading-db.ts';

export const USERS = 3;
/** Each user's real and demo grant at the start of a case: PKR 150,000. */
export const GRANT = 15_000_000n;
export const PIN = '135790';
const PIN_HASH = cheapHash(PIN);

export interface ModelUser {
  userId: number;
  real: number;
  demo: number;
}

export interface World {
  db: Db;
  market: FakeMarket;
  engine: TradingEngine;
  runner: RobotRunner;
  guard: AttemptGuard;
  users: ModelUser[];
  /** robot orders made in this case, in creation order */
  robots: number[];
  /** loans made in this case, in creation order */
  loans: number[];
  /** errors the runner logged (a failed pass or robot step is a defect) */
  runnerErrors: unknown[];
  seq: number;
}

/** Tables a case writes, children first (robot accounts before the accounts they hang from). */
// operator_audit is append-only (a trigger): its rows stay; they name loans by id only.
const CASE_TABLES = [
  'user_messages',
  'credit_score_log',
  'loans',
  'vip_purchases',
  'vip_memberships',
  'robot_equity',
  'robot_fundings',
  'robot_orders',
  'share_locks',
  'trade_journals',
  'stock_fills',
  'stock_positions',
  'stock_orders',
  'ledger_postings',
  'ledger_balances',
  'ledger_journals',
  'ledger_accounts',
] as const;

async function empty(db: Db): Promise<void> {
  for (const t of CASE_TABLES) await db.deleteFrom(t).execute();
  await db.deleteFrom('accounts').where('type', '=', 'robot').execute();
  await db.deleteFrom('accounts').execute();
  await db.deleteFrom('users').execute();
  // SQLite reuses the ids of deleted rows: the ids the ledger remembered may now name other accounts.
  forgetLedgerAccounts(db);
}

/**
 * Points the seeded robots at the fake market's stocks (AAA, CCC) and makes the DCA robot trade often, so
 * short command sequences see buys, sells and ends. Run once per database.
 */
export async function prepareProducts(db: Db): Promise<void> {
  await db
    .updateTable('robot_products')
    .set({ symbol: 'AAA', params_json: '{"slices":3,"intervalMin":0,"dipPct":0.1,"takeProfitPct":0.1}' })
    .where('code', '=', 'dca-ogdc')
    .execute();
  await db.updateTable('robot_products').set({ symbol: 'CCC' }).where('code', '=', 'grid-hbl').execute();
  await db.updateTable('robot_products').set({ symbol: 'AAA' }).where('code', '=', 'trend-ppl').execute();
}

export async function newWorld(shared: TradingDb): Promise<World> {
  const { db } = shared;
  const market = new FakeMarket(MONDAY_10AM);
  // one transaction: one commit (one fsync on SQLite) instead of one per row
  const users = await inTx(db, async (tx) => {
    await empty(tx);
    const made: ModelUser[] = [];
    for (let i = 0; i < USERS; i++) made.push(await addModelUser(tx, i, market.clock));
    return made;
  });
  forgetLedgerAccounts(db);
  const engine = new TradingEngine(db, market, DEFAULT_FEES);
  const runnerErrors: unknown[] = [];
  const runner = new RobotRunner(db, market, engine, {
    warn: () => {},
    error: (obj) => runnerErrors.push(obj),
  });
  runner.active = true;
  const guard = new AttemptGuard(
    { free: 1_000_000, baseDelayMs: 1, maxDelayMs: 1, forgetAfterMs: 1 },
    new MemoryAttemptStore(),
  );
  return { db, market, engine, runner, guard, users, robots: [], loans: [], runnerErrors, seq: 0 };
}

/** A user with KYC verified, the transaction password PIN, and GRANT on each of their accounts. */
async function addModelUser(db: Db, i: number, now: number): Promise<ModelUser> {
  const { real, demo } = await addUser(db, i + 1);
  const { user_id: userId } = await db
    .selectFrom('accounts')
    .select('user_id')
    .where('id', '=', real)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ id_status: 'succ', trade_password_hash: PIN_HASH })
    .where('id', '=', userId)
    .execute();
  await grantCash(db, real, GRANT, `grant-real-${i}`, now);
  await grantCash(db, demo, GRANT, `grant-demo-${i}`, now);
  return { userId, real, demo };
}

/** A fresh client id for this case. */
export function clientId(w: World): string {
  w.seq += 1;
  return `model-${w.seq}-${Math.random().toString(36).slice(2, 10)}`;
}
