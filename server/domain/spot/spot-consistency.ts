// Spot consistency beyond the ledger's own self-check (issue 16): the `frozen` book of every non-PKR asset
// (the spot account) equals what open spot orders hold (USDT for buys, the coin for sells) plus what pending
// crypto withdrawals hold (USDT: amount + fee + network fee); closed spot orders hold nothing; no order
// overfilled. The stock check (trading/consistency.ts) covers `frozen` in PKR.
import type { Db } from '../../db/database.ts';
import { PKR } from '../ledger/books.ts';
import { USDT } from '../../../contract/spot-rules.ts';
import { SPOT_OPEN } from './spot-orders-repo.ts';

const baseOf = (symbol: string) => (symbol.endsWith(USDT) ? symbol.slice(0, -USDT.length) : symbol);

export async function spotSelfCheck(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const expected = new Map<string, bigint>();
  const add = (accountId: number, asset: string, v: bigint) => {
    const k = `${accountId}/${asset}`;
    expected.set(k, (expected.get(k) ?? 0n) + v);
  };
  const open = await db
    .selectFrom('spot_orders')
    .select(['account_id', 'symbol', 'side', 'frozen'])
    .where('status', 'in', SPOT_OPEN)
    .execute();
  for (const o of open) add(o.account_id, o.side === 'buy' ? USDT : baseOf(o.symbol), o.frozen);
  const held = await db
    .selectFrom('withdrawals')
    .select(['account_id', 'asset', 'amount', 'fee', 'network_fee'])
    .where('status', '=', 'pending')
    .where('asset', '<>', PKR)
    .execute();
  for (const w of held) add(w.account_id, w.asset, w.amount + w.fee + w.network_fee);
  const books = await db
    .selectFrom('ledger_balances as b')
    .innerJoin('ledger_accounts as a', 'a.id', 'b.ledger_account_id')
    .select(['a.account_id', 'b.asset', 'b.amount'])
    .where('a.name', '=', 'frozen')
    .where('b.asset', '<>', PKR)
    .execute();
  const seen = new Set<string>();
  for (const b of books) {
    const k = `${b.account_id}/${b.asset}`;
    seen.add(k);
    const want = expected.get(k) ?? 0n;
    if (b.amount !== want)
      problems.push(`frozen ${k}: ledger ${b.amount}, open spot orders and withdrawals ${want}`);
  }
  for (const [k, v] of expected)
    if (!seen.has(k) && v !== 0n)
      problems.push(`frozen ${k}: ledger 0, open spot orders and withdrawals ${v}`);
  const broken = await db
    .selectFrom('spot_orders')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'not in', SPOT_OPEN), eb('frozen', '<>', 0n)]),
        eb.and([eb('qty', '>', 0n), eb('filled_qty', '>', eb.ref('qty'))]),
      ]),
    )
    .execute();
  for (const r of broken) problems.push(`spot order ${r.id}: closed with something frozen, or overfilled`);
  return problems;
}
