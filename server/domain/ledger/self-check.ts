// Ledger self-check: recomputes every balance from the postings and compares it with the cached balances;
// also finds unbalanced journals and negative user balances. As a command it reads the server's database
// (DATABASE_URL when set, else the SQLite file in <DATA_DIR>) in one read-only snapshot, so it may run beside a
// live server; it prints a report and exits 1 on any difference, 2 on bad usage:
//   npx tsx server/domain/ledger/self-check.ts <DATA_DIR>      DATABASE_URL=postgres://… npx tsx …/self-check.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { dialectOf, openDatabase, type Db } from '../../db/database.ts';

export interface BalanceDifference {
  ledgerAccountId: number;
  asset: string;
  cached: string;
  fromPostings: string;
}

export interface SelfCheckReport {
  ok: boolean;
  accounts: number;
  journals: number;
  differences: BalanceDifference[];
  unbalancedJournals: Array<{ journalId: number; asset: string; sum: string }>;
  negativeUserBalances: Array<{ ledgerAccountId: number; asset: string; amount: string }>;
}

/** Cached balances against the sums of the postings (a missing balance row counts as 0). */
async function balanceDifferences(db: Db): Promise<BalanceDifference[]> {
  const computed = await db
    .selectFrom('ledger_postings')
    .select((eb) => ['ledger_account_id', 'asset', eb.fn.sum<bigint>('amount').as('amount')])
    .groupBy(['ledger_account_id', 'asset'])
    .execute();
  const cached = await db
    .selectFrom('ledger_balances')
    .select(['ledger_account_id', 'asset', 'amount'])
    .execute();
  const sums = new Map(computed.map((r) => [`${r.ledger_account_id}:${r.asset}`, BigInt(r.amount)]));
  const seen = new Set<string>();
  const differences: BalanceDifference[] = [];
  const differ = (id: number, asset: string, c: bigint, p: bigint) => {
    if (c !== p) differences.push({ ledgerAccountId: id, asset, cached: String(c), fromPostings: String(p) });
  };
  for (const b of cached) {
    const key = `${b.ledger_account_id}:${b.asset}`;
    seen.add(key);
    differ(b.ledger_account_id, b.asset, b.amount, sums.get(key) ?? 0n);
  }
  for (const r of computed) {
    if (!seen.has(`${r.ledger_account_id}:${r.asset}`))
      differ(r.ledger_account_id, r.asset, 0n, BigInt(r.amount));
  }
  return differences;
}

export async function ledgerSelfCheck(db: Db): Promise<SelfCheckReport> {
  const differences = await balanceDifferences(db);
  const unbalancedJournals = (
    await db
      .selectFrom('ledger_postings')
      .select((eb) => ['journal_id', 'asset', eb.fn.sum<bigint>('amount').as('amount')])
      .groupBy(['journal_id', 'asset'])
      .having((eb) => eb.fn.sum('amount'), '<>', 0)
      .execute()
  ).map((r) => ({ journalId: r.journal_id, asset: r.asset, sum: String(r.amount) }));
  const negativeUserBalances = (
    await db
      .selectFrom('ledger_balances as b')
      .innerJoin('ledger_accounts as a', 'a.id', 'b.ledger_account_id')
      .select(['b.ledger_account_id', 'b.asset', 'b.amount'])
      .where('a.owner', '=', 'user')
      .where('b.amount', '<', 0n)
      .execute()
  ).map((r) => ({ ledgerAccountId: r.ledger_account_id, asset: r.asset, amount: String(r.amount) }));
  const count = async (table: 'ledger_accounts' | 'ledger_journals') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    ok: differences.length === 0 && unbalancedJournals.length === 0 && negativeUserBalances.length === 0,
    accounts: await count('ledger_accounts'),
    journals: await count('ledger_journals'),
    differences,
    unbalancedJournals,
    negativeUserBalances,
  };
}

/**
 * Runs `fn` on one consistent, read-only view of the database that blocks no writer: PostgreSQL's REPEATABLE
 * READ READ ONLY transaction, SQLite's deferred read transaction (a WAL snapshot).
 */
export async function inReadSnapshot<T>(db: Db, fn: (snapshot: Db) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres')
    return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
  return db.connection().execute(async (conn) => {
    await sql`BEGIN`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`COMMIT`.execute(conn);
    }
  });
}

const USAGE = 'usage: npx tsx server/domain/ledger/self-check.ts <DATA_DIR>  (or with DATABASE_URL set)';

async function main(dataDir: string | undefined, env: NodeJS.ProcessEnv): Promise<number> {
  const databaseUrl = env['DATABASE_URL'] || undefined;
  if (!databaseUrl) {
    if (!dataDir) {
      console.error(USAGE);
      return 2;
    }
    // Opening a missing SQLite file would create an empty database: refuse instead.
    const file = path.join(path.resolve(dataDir), 'app.db');
    if (!fs.existsSync(file)) {
      console.error(`self-check: no database at ${file}\n${USAGE}`);
      return 2;
    }
  }
  const database = await openDatabase({
    dataDir: path.resolve(dataDir ?? '.'),
    ...(databaseUrl ? { databaseUrl, poolSize: 1 } : {}),
  });
  try {
    const { tradingSelfCheck } = await import('../trading/consistency.ts');
    const { ledger, trading } = await inReadSnapshot(database.db, async (db) => ({
      ledger: await ledgerSelfCheck(db),
      trading: await tradingSelfCheck(db),
    }));
    console.log(JSON.stringify({ ledger, trading }, null, 2));
    return ledger.ok && trading.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv[2], process.env);
}
