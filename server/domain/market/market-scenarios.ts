// Market scenarios (issue 16 item 7): an operator's request that the simulator move a crypto pair by a
// percentage over some seconds (crash-scenario.ts does the moving). A test and demo control: the console call
// and the back-office command refuse unless the server runs with SIM_CONTROLS=1, and no app route reaches it.
//
// Why a table and not only a bus message: the simulator lives on the leader, and the request may come from a
// follower (console call) or from the back-office command, a separate process that has no bus on one node. So
// the request is a row (written with its audit entry in one transaction), the bus only nudges the leader to look
// at once (`market:scenario`), and the leader also looks every SCENARIO_POLL_MS: a nudge lost to a dropped Redis
// connection or a leader change costs at most that delay, never the scenario. Each pending row is claimed once
// with a conditional UPDATE, so two nodes that both think they lead cannot start it twice; one older than
// SCENARIO_MAX_AGE_MS is marked expired instead (a crash asked for "now" must not fire minutes later, e.g. when a
// server is restarted with the flag).
import { SCENARIO_MAX_PCT, SCENARIO_PCT_PATTERN } from '../../../contract/market-scenario.ts';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';
import type { Bus } from '../bus/bus.ts';

export const SCENARIO_CHANNEL = 'market:scenario';
export const SCENARIO_POLL_MS = 1_000;
export const SCENARIO_MAX_AGE_MS = 60_000;
/** The pct text (contract/market-scenario.ts) in basis points (−20.5 → −2050), or null when it is not 0 < |pct| ≤ 90 with ≤ 2 decimals. */
export function pctBasisPoints(text: string): number | null {
  if (!new RegExp(SCENARIO_PCT_PATTERN).test(text)) return null;
  const neg = text.startsWith('-');
  const [int = '0', frac = ''] = (neg ? text.slice(1) : text).split('.');
  const bp = Number(int) * 100 + Number(frac.padEnd(2, '0'));
  if (bp === 0 || bp > SCENARIO_MAX_PCT * 100) return null;
  return neg ? -bp : bp;
}

export interface ScenarioRequest {
  symbol: string;
  pctBp: number;
  seconds: number;
}

/** Writes the request and its audit entry (`market.scenario`) in one transaction; returns its id. */
export async function requestScenario(
  db: Db,
  actor: Actor,
  r: ScenarioRequest,
  now: number,
): Promise<number> {
  return inTx(db, async (tx) => {
    const row = await tx
      .insertInto('market_scenarios')
      .values({
        symbol: r.symbol,
        pct_bp: r.pctBp,
        seconds: r.seconds,
        created_by: actor.operatorId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(tx, {
      actor,
      action: 'market.scenario',
      subjectType: 'symbol',
      subjectId: r.symbol,
      before: null,
      after: { scenarioId: row.id, pct: r.pctBp / 100, seconds: r.seconds },
      now,
    });
    return row.id;
  });
}

/** Tells the leader, wherever it runs, to look for new scenarios now. */
export function announceScenario(bus: Bus): void {
  bus.publish(SCENARIO_CHANNEL, '1');
}

/** The part of the simulator a scenario needs. */
export interface ScenarioTarget {
  crash(symbol: string, pct: number, seconds: number): void;
}

/** Claims and starts (or expires) every pending scenario; the ids started, in order. */
export async function startPendingScenarios(db: Db, sim: ScenarioTarget, now: number): Promise<number[]> {
  const started: number[] = [];
  const rows = await db
    .selectFrom('market_scenarios')
    .select(['id', 'symbol', 'pct_bp', 'seconds', 'created_at'])
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const status = now - r.created_at > SCENARIO_MAX_AGE_MS ? 'expired' : 'started';
    const claimed = await db
      .updateTable('market_scenarios')
      .set({ status, started_at: now })
      .where('id', '=', r.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1 || status !== 'started') continue;
    sim.crash(r.symbol, r.pct_bp / 100, r.seconds);
    started.push(r.id);
  }
  return started;
}

export interface ScenarioFollow {
  bus: Bus;
  db: Db;
  /** the simulator where this node runs it (the leader), else undefined */
  simulator: () => ScenarioTarget | undefined;
  onError: (err: unknown) => void;
  clock?: () => number;
  everyMs?: number;
}

/**
 * On the leader: starts pending scenarios on each nudge and every SCENARIO_POLL_MS, one pass at a time. The
 * returned stop resolves once a pass in flight has ended (before the database closes).
 */
export function followScenarios(f: ScenarioFollow): () => Promise<void> {
  const clock = f.clock ?? Date.now;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const pass = () => {
    if (stopped || !f.simulator()) return;
    running = running
      .then(async () => {
        const sim = f.simulator();
        if (sim) await startPendingScenarios(f.db, sim, clock());
      })
      .catch(f.onError);
  };
  const off = f.bus.subscribe(SCENARIO_CHANNEL, pass);
  const timer = setInterval(pass, f.everyMs ?? SCENARIO_POLL_MS);
  timer.unref();
  return async () => {
    stopped = true;
    off();
    clearInterval(timer);
    await running;
  };
}
