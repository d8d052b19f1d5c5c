// Contract consistency beyond the ledger's own self-check (issue 16): every account's `contract_margin` book
// (USDT) equals the margin of its open positions, and its `contract_frozen` book what its resting limit orders
// hold; an ended limit order holds nothing. Part of tradingSelfCheck (trading/consistency.ts).
import type { Db } from '../../db/database.ts';
import { USDT } from './perp-config.ts';

export async function perpSelfCheck(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const want = new Map<string, bigint>();
  const add = (k: string, v: bigint) => want.set(k, (want.get(k) ?? 0n) + v);
  for (const p of await db
    .selectFrom('perp_positions')
    .select(['account_id', 'margin'])
    .where('status', '=', 'open')
    .execute())
    add(`${p.account_id}/contract_margin`, p.margin);
  for (const o of await db
    .selectFrom('perp_limit_orders')
    .select(['account_id', 'frozen'])
    .where('status', '=', 'open')
    .execute())
    add(`${o.account_id}/contract_frozen`, o.frozen);
  const books = await db
    .selectFrom('ledger_balances as b')
    .innerJoin('ledger_accounts as a', 'a.id', 'b.ledger_account_id')
    .select(['a.account_id', 'a.name', 'b.amount'])
    .where('a.name', 'in', ['contract_margin', 'contract_frozen'])
    .where('b.asset', '=', USDT)
    .execute();
  const seen = new Set<string>();
  for (const b of books) {
    const k = `${b.account_id}/${b.name}`;
    seen.add(k);
    const expected = want.get(k) ?? 0n;
    if (b.amount !== expected) problems.push(`${k}: ledger ${b.amount}, positions and orders ${expected}`);
  }
  for (const [k, v] of want)
    if (!seen.has(k) && v !== 0n) problems.push(`${k}: ledger 0, positions and orders ${v}`);
  const ended = await db
    .selectFrom('perp_limit_orders')
    .select('id')
    .where('status', '<>', 'open')
    .where('frozen', '<>', 0n)
    .execute();
  for (const r of ended) problems.push(`limit order ${r.id}: ended with something frozen`);
  return problems;
}
