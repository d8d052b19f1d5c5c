// Trading consistency beyond the ledger's own self-check: positions equal the ledger's share books, open
// orders' frozen amounts equal the frozen books, closed orders hold nothing, no order overfilled.
import type { RawDb as Db } from '../../db/database.ts';

export interface TradingCheckReport {
  ok: boolean;
  problems: string[];
}

export function tradingSelfCheck(db: Db): TradingCheckReport {
  const problems: string[] = [];
  const rows = <T>(sql: string) => db.prepare(sql).safeIntegers(true).all() as T[];
  for (const r of rows<{ account_id: bigint; symbol: string; qty: bigint; ledger: bigint | null }>(
    `SELECT p.account_id, p.symbol, p.qty,
       (SELECT SUM(b.amount) FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.ledger_account_id
         WHERE a.account_id = p.account_id AND a.name IN ('shares', 'shares_locked', 'shares_frozen')
           AND b.asset = p.symbol) AS ledger
     FROM stock_positions p`,
  )) {
    if (r.qty !== (r.ledger ?? 0n))
      problems.push(`position ${r.account_id}/${r.symbol}: ${r.qty} shares, ledger ${r.ledger ?? 0n}`);
  }
  for (const r of rows<{
    account_id: bigint;
    name: string;
    asset: string;
    ledger: bigint;
    orders: bigint | null;
  }>(
    `SELECT a.account_id, a.name, b.asset, b.amount AS ledger,
       (SELECT SUM(o.frozen) FROM stock_orders o WHERE o.account_id = a.account_id
          AND o.status IN ('pending', 'partial')
          AND ((a.name = 'frozen' AND o.side = 'buy') OR (a.name = 'shares_frozen' AND o.side = 'sell'
            AND o.symbol = b.asset))) AS orders
     FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.ledger_account_id
     WHERE a.name IN ('frozen', 'shares_frozen')`,
  )) {
    if (r.ledger !== (r.orders ?? 0n))
      problems.push(
        `${r.name} ${r.account_id}/${r.asset}: ledger ${r.ledger}, open orders ${r.orders ?? 0n}`,
      );
  }
  for (const r of rows<{ id: bigint }>(
    "SELECT id FROM stock_orders WHERE (status NOT IN ('pending', 'partial') AND frozen <> 0) OR filled_qty > qty",
  )) {
    problems.push(`order ${r.id}: closed with something frozen, or overfilled`);
  }
  return { ok: problems.length === 0, problems };
}
