// The credit score of a user as of now (the facts read from the platform, then calc-credit-score's rule) and
// its change log. Decision: the score is recomputed whenever it is read (user/loan, user/point/change/log, the
// console's user lookup) and after every loan event (apply, disbursal, repayment confirmed); when any part
// differs from the last logged computation, one log row is written with the parts that moved (the reason).
// So a fact that changes elsewhere (KYC decided, a deposit credited, a fill, a day of lateness) is logged the
// next time the score is looked at, with the part it moved.
import { lateDays } from '../../../contract/loan-terms.ts';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { calcCreditScore, movedParts, type CreditFacts, type CreditScore } from './credit-score.ts';
import { openDebt } from './loans-repo.ts';

const DAY_MS = 86_400_000;

export async function creditFacts(
  db: Db,
  userId: number,
  openCap: bigint,
  now: number,
): Promise<CreditFacts> {
  const user = await db
    .selectFrom('users')
    .select(['id_status', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const real = await db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'real')
    .executeTakeFirst();
  const accountId = real?.id ?? -1;
  const [deposits, stockFills, spotFills, loans, debt] = await Promise.all([
    db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'credited')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('stock_fills')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('spot_fills')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('loans')
      .select(['status', 'due_at', 'late_days'])
      .where('user_id', '=', userId)
      .where('status', 'in', ['active', 'repaying', 'repaid'])
      .execute(),
    openDebt(db, userId),
  ]);
  let onTime = 0;
  let late = 0;
  let overdue = 0;
  for (const l of loans) {
    if (l.status === 'repaid') {
      if (l.late_days > 0) late += 1;
      else onTime += 1;
    } else if (l.due_at !== null) {
      overdue = Math.max(overdue, lateDays(l.due_at, now));
    }
  }
  return {
    kyc: user?.id_status ?? 'none',
    accountAgeDays: user ? Math.floor((now - user.created_at) / DAY_MS) : 0,
    depositsCredited: Number(deposits.n),
    tradesFilled: Number(stockFills.n) + Number(spotFills.n),
    loansRepaidOnTime: onTime,
    loansRepaidLate: late,
    overdueDays: overdue,
    openDebt: debt,
    openCap,
  };
}

/** The score as of now; logs it (with the parts that moved) when it differs from the last logged one. */
export async function currentScore(
  db: Db,
  userId: number,
  openCap: bigint,
  now: number,
): Promise<CreditScore> {
  return inTx(db, async (tx) => {
    const score = calcCreditScore(await creditFacts(tx, userId, openCap, now));
    const last = await tx
      .selectFrom('credit_score_log')
      .select(['score', 'parts'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const before = last ? (JSON.parse(last.parts) as { key: string; points: number }[]) : null;
    const moved = movedParts(before, score.parts);
    if (moved.length > 0) {
      await tx
        .insertInto('credit_score_log')
        .values({
          user_id: userId,
          score: score.score,
          previous: last?.score ?? null,
          moved: JSON.stringify(moved),
          parts: JSON.stringify(score.parts),
          created_at: now,
        })
        .execute();
    }
    return score;
  });
}

export async function scoreLog(db: Db, userId: number, page: number, size: number) {
  const base = db.selectFrom('credit_score_log').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'score', 'previous', 'moved', 'created_at'])
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      score: r.score,
      previous: r.previous,
      moved: JSON.parse(r.moved) as { key: string; delta: number }[],
      createdAt: r.created_at,
    })),
    total: Number(count.n),
  };
}
