// Automatic IPO subscription (issue 17 §3; the rule and the calls: contract/ipo-auto.ts). Each account has its
// own switch (ipo_auto_apply, migration 200). The opening pass (the leader's timer, plugins/ipo-auto-apply.ts)
// decides once per (offering, account) for every offering subscribing now and every account whose switch is
// on: it applies for the offering's minimum application, or records why not, and writes the personal message,
// all in ONE transaction with the ipo_auto_runs row. The account is locked first (ledger/locks.ts) and the run
// row is looked for after the lock, so a pass re-run after a restart or two passes at once decide once; the
// row's primary key refuses a second decision in any case (that transaction then rolls back whole).
import type { AutoApplyState, AutoRun } from '../../../contract/ipo-auto.ts';
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { Db } from '../../db/database.ts';
import type { AutoRunOutcome } from '../../db/schema.ts';
import { inTx, READ_COMMITTED } from '../../db/tx.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { insertMessage } from '../content/messages-repo.ts';
import { moneyOf, PKR } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { readSetting } from '../settings/settings-repo.ts';
import { insertAndFreeze, isOpen, offeringForApply, type IpoCaller } from './ipo-apply.ts';
import type { OfferingRow } from './ipo-repo.ts';
const RECENT = 20;

/** login-info's openAutoApply: the broker offers the feature (setting ipo.autoApply). */
export async function autoApplyOffered(db: Db): Promise<0 | 1> {
  return (await readSetting(db, 'ipo.autoApply')) === 1 ? 1 : 0;
}

/** The client id of the automatic application of an offering (one per account per offering). */
export const autoClientId = (offeringId: number): string => `auto-ipo-${offeringId}`;

export async function readAutoApply(
  db: Db,
  accountId: number,
  accountType: AccountType,
): Promise<AutoApplyState> {
  const row = await db
    .selectFrom('ipo_auto_apply')
    .select(['enabled', 'max_amount'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  const runs = await db
    .selectFrom('ipo_auto_runs as r')
    .innerJoin('ipo_offerings as o', 'o.id', 'r.offering_id')
    .select([
      'r.offering_id',
      'o.symbol',
      'o.company',
      'r.outcome',
      'r.shares',
      'r.amount',
      'r.application_id',
      'r.created_at',
    ])
    .where('r.account_id', '=', accountId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.offering_id', 'desc')
    .limit(RECENT)
    .execute();
  const recent: AutoRun[] = runs.map((r) => ({
    offeringId: r.offering_id,
    symbol: r.symbol,
    company: r.company,
    outcome: r.outcome,
    shares: r.shares,
    amount: formatMinor(r.amount, 2),
    applicationId: r.application_id ?? 0,
    createdAt: r.created_at,
  }));
  return {
    offered: await autoApplyOffered(db),
    accountType,
    enabled: row?.enabled === 1,
    maxAmount: row?.max_amount == null ? '' : formatMinor(row.max_amount, 2),
    recent,
  };
}

/** Turns the account's switch on or off and sets its cap (null: none). Setting the same again changes nothing. */
export async function setAutoApply(
  db: Db,
  c: IpoCaller,
  enabled: boolean,
  maxAmount: bigint | null,
  now: number,
): Promise<void> {
  await db
    .insertInto('ipo_auto_apply')
    .values({
      account_id: c.accountId,
      user_id: c.userId,
      enabled: enabled ? 1 : 0,
      max_amount: maxAmount,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('account_id')
        .doUpdateSet({ enabled: enabled ? 1 : 0, max_amount: maxAmount, updated_at: now }),
    )
    .execute();
}

interface Candidate {
  account_id: number;
  user_id: number;
  max_amount: bigint | null;
  type: string;
  id_status: string;
}

const TEXT_KEY: Record<Exclude<AutoRunOutcome, 'already_applied'>, string> = {
  applied: 'ipoAutoApplied',
  no_balance: 'ipoAutoNoBalance',
  no_kyc: 'ipoAutoNoKyc',
  over_cap: 'ipoAutoOverCap',
};

/** The decision for one account and one offering, in its own transaction; false when decided before. */
async function decideOne(db: Db, offeringId: number, a: Candidate, now: number): Promise<boolean> {
  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [a.account_id]);
      const done = await tx
        .selectFrom('ipo_auto_runs')
        .select('outcome')
        .where('offering_id', '=', offeringId)
        .where('account_id', '=', a.account_id)
        .executeTakeFirst();
      if (done) return false;
      const o = await offeringForApply(tx, offeringId);
      if (!o || !isOpen(o, now)) return false;
      const shares = o.min_shares;
      const amount = o.price * BigInt(shares);
      const accountType: AccountType = a.type === 'demo' ? 'demo' : 'real';
      const live = await tx
        .selectFrom('ipo_applications')
        .select('id')
        .where('account_id', '=', a.account_id)
        .where('offering_id', '=', o.id)
        .where('state', '<>', 'cancelled')
        .executeTakeFirst();
      let outcome: AutoRunOutcome;
      let applicationId: number | null = null;
      if (live) outcome = 'already_applied';
      else if (accountType === 'real' && a.id_status !== 'succ') outcome = 'no_kyc';
      else if (a.max_amount !== null && amount > a.max_amount) outcome = 'over_cap';
      else if ((await moneyOf(tx, a.account_id, PKR)).available < amount) outcome = 'no_balance';
      else {
        const caller: IpoCaller = { userId: a.user_id, accountId: a.account_id, accountType };
        applicationId = (await insertAndFreeze(tx, caller, o, shares, autoClientId(o.id), now)).id;
        outcome = 'applied';
      }
      await tx
        .insertInto('ipo_auto_runs')
        .values({
          offering_id: o.id,
          account_id: a.account_id,
          outcome,
          application_id: applicationId,
          amount,
          shares,
          created_at: now,
        })
        .execute();
      if (outcome !== 'already_applied') await tellUser(tx, o, a, accountType, outcome, shares, amount, now);
      return true;
    },
    READ_COMMITTED,
  );
}

async function tellUser(
  tx: Db,
  o: OfferingRow,
  a: Candidate,
  accountType: AccountType,
  outcome: Exclude<AutoRunOutcome, 'already_applied'>,
  shares: number,
  amount: bigint,
  now: number,
): Promise<void> {
  await insertMessage(tx, {
    userId: a.user_id,
    kind: 'ipo',
    eventKey: `ipo:auto:${o.id}:${a.account_id}`,
    textKey: TEXT_KEY[outcome],
    params: {
      symbol: o.symbol,
      company: o.company,
      qty: shares,
      amount: formatMinor(amount, 2),
      account: accountType,
    },
    link:
      outcome === 'applied'
        ? ROUTE_PATHS['stockIPO.ipoRecord']
        : `${ROUTE_PATHS['stockIPO.ipoDetail']}?id=${o.id}`,
    now,
  });
}

/**
 * One opening pass: every offering subscribing at `now` × every account whose switch is on and not decided for
 * it yet (active users only). Returns how many decisions it made; 0 when run again. Nothing while the broker
 * does not offer the feature (ipo.autoApply 0).
 */
export async function runAutoApplyPass(db: Db, now: number): Promise<number> {
  if ((await autoApplyOffered(db)) === 0) return 0;
  const open = await db
    .selectFrom('ipo_offerings')
    .select('id')
    .where('phase', '=', 'open')
    .where('opens_at', '<=', now)
    .where('closes_at', '>', now)
    .orderBy('id')
    .execute();
  let decided = 0;
  for (const { id } of open) {
    const candidates = await db
      .selectFrom('ipo_auto_apply as s')
      .innerJoin('accounts as acc', 'acc.id', 's.account_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.account_id', 's.user_id', 's.max_amount', 'acc.type', 'u.id_status'])
      .where('s.enabled', '=', 1)
      .where('u.status', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ipo_auto_runs as r')
              .select('r.account_id')
              .whereRef('r.account_id', '=', 's.account_id')
              .where('r.offering_id', '=', id),
          ),
        ),
      )
      .orderBy('s.account_id')
      .execute();
    for (const a of candidates) if (await decideOne(db, id, a, now)) decided += 1;
  }
  return decided;
}
