// Ledger self-check: recomputes every balance from the postings and compares it with the cached balances;
// also finds unbalanced journals and negative user balances. As a command it prints a report and exits 1 on
// any difference:  npx tsx server/domain/ledger/self-check.ts <DATA_DIR>
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { RawDb as Db } from '../../db/database.ts';

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

export function ledgerSelfCheck(db: Db): SelfCheckReport {
  const big = <T>(sql: string) => db.prepare(sql).safeIntegers(true).all() as T[];
  const differences = big<{ id: bigint; asset: string; cached: bigint | null; computed: bigint | null }>(
    `WITH computed AS (
       SELECT ledger_account_id AS id, asset, SUM(amount) AS amount FROM ledger_postings GROUP BY 1, 2)
     SELECT c.id, c.asset, b.amount AS cached, c.amount AS computed
       FROM computed c LEFT JOIN ledger_balances b ON b.ledger_account_id = c.id AND b.asset = c.asset
       WHERE b.amount IS NOT c.amount
     UNION ALL
     SELECT b.ledger_account_id, b.asset, b.amount, NULL FROM ledger_balances b
       WHERE b.amount <> 0 AND NOT EXISTS (SELECT 1 FROM ledger_postings p
         WHERE p.ledger_account_id = b.ledger_account_id AND p.asset = b.asset)`,
  ).map((r) => ({
    ledgerAccountId: Number(r.id),
    asset: r.asset,
    cached: String(r.cached ?? 0n),
    fromPostings: String(r.computed ?? 0n),
  }));
  const unbalancedJournals = big<{ id: bigint; asset: string; s: bigint }>(
    'SELECT journal_id AS id, asset, SUM(amount) AS s FROM ledger_postings GROUP BY 1, 2 HAVING s <> 0',
  ).map((r) => ({ journalId: Number(r.id), asset: r.asset, sum: String(r.s) }));
  const negativeUserBalances = big<{ id: bigint; asset: string; amount: bigint }>(
    `SELECT b.ledger_account_id AS id, b.asset, b.amount FROM ledger_balances b
       JOIN ledger_accounts a ON a.id = b.ledger_account_id WHERE a.owner = 'user' AND b.amount < 0`,
  ).map((r) => ({ ledgerAccountId: Number(r.id), asset: r.asset, amount: String(r.amount) }));
  const count = (sql: string) => Number(db.prepare(sql).pluck().get());
  return {
    ok: differences.length === 0 && unbalancedJournals.length === 0 && negativeUserBalances.length === 0,
    accounts: count('SELECT COUNT(*) FROM ledger_accounts'),
    journals: count('SELECT COUNT(*) FROM ledger_journals'),
    differences,
    unbalancedJournals,
    negativeUserBalances,
  };
}

async function main(dataDir: string | undefined): Promise<number> {
  if (!dataDir) {
    console.error('usage: npx tsx server/domain/ledger/self-check.ts <DATA_DIR>');
    return 2;
  }
  const db = new Database(path.join(path.resolve(dataDir), 'app.db'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const report = ledgerSelfCheck(db);
    const { tradingSelfCheck } = await import('../trading/consistency.ts');
    const trading = tradingSelfCheck(db);
    console.log(JSON.stringify({ ledger: report, trading }, null, 2));
    return report.ok && trading.ok ? 0 : 1;
  } finally {
    db.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv[2]);
}
