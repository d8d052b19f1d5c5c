// Who held a company's shares at a resolution's record date, and how many: read from the ledger, not from a
// snapshot. Every share an account owns sits in one of its share books (sellable, T+1 locked, frozen by an open
// sell order, IPO shares paid for); the holding at time T is the sum of the postings to those books in the
// journals dated up to T. Postings are never changed and every new journal is dated now, so once T has passed
// the figure is final: exact per account, the same on every node and after a restart, with no pass that could be
// missed. Real and demo accounts are both counted, each in its own tally (account_type), never mixed; a
// robot's account (shares a robot bought with money put in it) is the robot's, and does not vote.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export const SHARE_BOOKS = ['shares', 'shares_locked', 'shares_frozen', 'shares_ipo'] as const;

/** Shares of `symbol` the account held at time `at` (0 when none). */
export async function holdingAt(db: Db, accountId: number, symbol: string, at: number): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.ledger_account_id')
    .innerJoin('ledger_journals as j', 'j.id', 'p.journal_id')
    .select(sql<bigint>`coalesce(sum(p.amount), 0)`.as('qty'))
    .where('a.account_id', '=', accountId)
    .where('a.name', 'in', SHARE_BOOKS)
    .where('p.asset', '=', symbol)
    .where('j.created_at', '<=', at)
    .executeTakeFirst();
  return BigInt(row?.qty ?? 0n);
}

export interface HolderAt {
  accountId: number;
  userId: number;
  accountType: 'real' | 'demo';
  qty: bigint;
}

/** Every account that held `symbol` at time `at`, with its shares (the eligible voters of a resolution). */
export async function holdersAt(db: Db, symbol: string, at: number): Promise<HolderAt[]> {
  const rows = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.ledger_account_id')
    .innerJoin('ledger_journals as j', 'j.id', 'p.journal_id')
    .innerJoin('accounts as acc', 'acc.id', 'a.account_id')
    .select(['acc.id as account_id', 'acc.user_id', 'acc.type', sql<bigint>`sum(p.amount)`.as('qty')])
    .where('a.owner', '=', 'user')
    .where('acc.type', 'in', ['real', 'demo'])
    .where('a.name', 'in', SHARE_BOOKS)
    .where('p.asset', '=', symbol)
    .where('j.created_at', '<=', at)
    .groupBy(['acc.id', 'acc.user_id', 'acc.type'])
    .having(sql`sum(p.amount)`, '>', 0)
    .orderBy('acc.id')
    .execute();
  return rows.map((r) => ({
    accountId: r.account_id,
    userId: r.user_id,
    accountType: r.type === 'demo' ? 'demo' : 'real',
    qty: BigInt(r.qty),
  }));
}

/** The shares eligible at `at`, per account type (the base of the turnout). */
export async function eligibleShares(
  db: Db,
  symbol: string,
  at: number,
): Promise<Record<'real' | 'demo', bigint>> {
  const out = { real: 0n, demo: 0n };
  for (const h of await holdersAt(db, symbol, at)) out[h.accountType] += h.qty;
  return out;
}
