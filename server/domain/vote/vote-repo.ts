// Resolutions and ballots in the database: an operator's new resolution (audited), a holder's ballot (one per
// account per resolution, changed in place until the deadline), the resolutions an account may see, and the
// results after the deadline. The rules are vote-rules.ts; the weights come from the ledger (holdings.ts).
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import type { VoteResolutionsTable } from '../../db/schema.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';
import { eligibleShares, holdingAt } from './holdings.ts';
import {
  ballotProblem,
  resolutionProblem,
  tally,
  voteState,
  type BallotRefusal,
  type ResolutionInput,
  type Tally,
} from './vote-rules.ts';

export type ResolutionRow = Omit<VoteResolutionsTable, 'id'> & { id: number };
export type VoteOption = { ur: string; en: string };

export type VoteRefusal = BallotRefusal | 'notFound' | 'badResolution';

export class VoteError extends Error {
  constructor(
    readonly reason: VoteRefusal,
    message: string = reason,
  ) {
    super(message);
    this.name = 'VoteError';
  }
}

/** How far back the list of a holder's resolutions reaches (closed ones stay visible with their results). */
export const VOTE_HISTORY_MS = 180 * 24 * 60 * 60 * 1000;

export function optionsOf(r: Pick<ResolutionRow, 'options_json'>): VoteOption[] {
  return JSON.parse(r.options_json) as VoteOption[];
}

export async function findResolution(db: Db, id: number): Promise<ResolutionRow | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return db.selectFrom('vote_resolutions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createResolution(
  db: Db,
  actor: Actor,
  input: ResolutionInput,
  now: number,
): Promise<ResolutionRow> {
  const problem = resolutionProblem(input, now);
  if (problem !== null) throw new VoteError('badResolution', problem);
  return inTx(db, async (tx) => {
    const row = await tx
      .insertInto('vote_resolutions')
      .values({
        symbol: input.symbol,
        meeting: input.meeting,
        title_ur: input.titleUr.trim(),
        title_en: input.titleEn.trim(),
        body_ur: input.bodyUr.trim(),
        body_en: input.bodyEn.trim(),
        options_json: JSON.stringify(input.options.map((o) => ({ ur: o.ur.trim(), en: o.en.trim() }))),
        record_at: input.recordAt,
        deadline_at: input.deadlineAt,
        opened_sent_at: null,
        results_sent_at: null,
        created_by: actor.operatorId,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx, {
      actor,
      action: 'vote.create',
      subjectType: 'vote_resolution',
      subjectId: row.id,
      before: null,
      after: row,
      now,
    });
    return row;
  });
}

export interface Voter {
  userId: number;
  accountId: number;
  accountType: 'real' | 'demo';
}

export interface BallotRow {
  choice: number;
  qty: bigint;
  changes: number;
  updated_at: number;
}

/** Cast or change the caller's ballot. The same ballot sent 100 times at once is one row. */
export async function castBallot(
  db: Db,
  voter: Voter,
  resolutionId: number,
  choice: number,
  now: number,
): Promise<{ resolution: ResolutionRow; ballot: BallotRow }> {
  const r = await findResolution(db, resolutionId);
  if (!r) throw new VoteError('notFound');
  const weight = now < r.record_at ? 0n : await holdingAt(db, voter.accountId, r.symbol, r.record_at);
  const problem = ballotProblem(
    { record_at: r.record_at, deadline_at: r.deadline_at, optionCount: optionsOf(r).length },
    choice,
    weight,
    now,
  );
  if (problem !== null) throw new VoteError(problem);
  await db
    .insertInto('vote_ballots')
    .values({
      resolution_id: r.id,
      account_id: voter.accountId,
      user_id: voter.userId,
      account_type: voter.accountType,
      choice,
      qty: weight,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['resolution_id', 'account_id']).doUpdateSet({
        choice: (eb) => eb.ref('excluded.choice'),
        updated_at: (eb) => eb.ref('excluded.updated_at'),
        changes: sql<number>`case when vote_ballots.choice <> excluded.choice then vote_ballots.changes + 1 else vote_ballots.changes end`,
      }),
    )
    .execute();
  const ballot = await ownBallot(db, r.id, voter.accountId);
  if (!ballot) throw new VoteError('notFound');
  return { resolution: r, ballot };
}

export async function ownBallot(
  db: Db,
  resolutionId: number,
  accountId: number,
): Promise<BallotRow | undefined> {
  return db
    .selectFrom('vote_ballots')
    .select(['choice', 'qty', 'changes', 'updated_at'])
    .where('resolution_id', '=', resolutionId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

export interface AccountResolution {
  resolution: ResolutionRow;
  /** shares at the record date (open / closed), or held now (upcoming) */
  shares: bigint;
  ballot: BallotRow | undefined;
}

/**
 * The resolutions this account may see: upcoming ones of a company it holds now, open and closed ones (of the
 * last 180 days) of a company it held at the record date. Newest deadline first.
 */
export async function resolutionsFor(db: Db, accountId: number, now: number): Promise<AccountResolution[]> {
  const rows = await db
    .selectFrom('vote_resolutions')
    .selectAll()
    .where('deadline_at', '>', now - VOTE_HISTORY_MS)
    .orderBy('deadline_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const out: AccountResolution[] = [];
  for (const r of rows) {
    const at = Math.min(r.record_at, now);
    const shares = await holdingAt(db, accountId, r.symbol, at);
    if (shares <= 0n) continue;
    out.push({ resolution: r, shares, ballot: await ownBallot(db, r.id, accountId) });
  }
  return out;
}

/** One resolution as this account sees it, or undefined when it may not (never held the company). */
export async function resolutionFor(
  db: Db,
  accountId: number,
  id: number,
  now: number,
): Promise<AccountResolution | undefined> {
  const r = await findResolution(db, id);
  if (!r) return undefined;
  const shares = await holdingAt(db, accountId, r.symbol, Math.min(r.record_at, now));
  if (shares <= 0n) return undefined;
  return { resolution: r, shares, ballot: await ownBallot(db, r.id, accountId) };
}

/** The weighted result of a closed resolution among accounts of one type (real and demo are counted apart). */
export async function resultsOf(db: Db, r: ResolutionRow, accountType: 'real' | 'demo'): Promise<Tally> {
  const ballots = await db
    .selectFrom('vote_ballots')
    .select(['choice', 'qty'])
    .where('resolution_id', '=', r.id)
    .where('account_type', '=', accountType)
    .execute();
  const eligible = (await eligibleShares(db, r.symbol, r.record_at))[accountType];
  return tally(optionsOf(r).length, ballots, eligible);
}

export { voteState };
