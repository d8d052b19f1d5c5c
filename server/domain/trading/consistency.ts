// Trading consistency beyond the ledger's own self-check: positions equal the ledger's share books, open
// orders' frozen amounts equal the frozen books (PKR: the stock account; the spot account's USDT and coins are
// checked by spot/spot-consistency.ts, included here), closed orders hold nothing, no order overfilled.
import type { Db } from '../../db/database.ts';
import { OPEN_STATUSES } from './orders-repo.ts';
import { PKR } from '../ledger/books.ts';
import { perpSelfCheck } from '../perp/perp-consistency.ts';
import { spotSelfCheck } from '../spot/spot-consistency.ts';

export interface TradingCheckReport {
  ok: boolean;
  problems: string[];
}

const SHARE_BOOKS = ['shares', 'shares_locked', 'shares_frozen'];

export async function tradingSelfCheck(db: Db): Promise<TradingCheckReport> {
  const problems: string[] = [];
  const positions = await db
    .selectFrom('stock_positions as p')
    .select((eb) => [
      'p.account_id',
      'p.symbol',
      'p.qty',
      eb
        .selectFrom('ledger_balances as b')
        .innerJoin('ledger_accounts as a', 'a.id', 'b.ledger_account_id')
        .select((e) => e.fn.sum<bigint>('b.amount').as('amount'))
        .whereRef('a.account_id', '=', 'p.account_id')
        .where('a.name', 'in', SHARE_BOOKS)
        .whereRef('b.asset', '=', 'p.symbol')
        .as('amount'),
    ])
    .execute();
  for (const r of positions) {
    const ledger = BigInt(r.amount ?? 0n);
    if (r.qty !== ledger)
      problems.push(`position ${r.account_id}/${r.symbol}: ${r.qty} shares, ledger ${ledger}`);
  }
  const frozenBooks = await db
    .selectFrom('ledger_balances as b')
    .innerJoin('ledger_accounts as a', 'a.id', 'b.ledger_account_id')
    .select((eb) => [
      'a.account_id',
      'a.name',
      'b.asset',
      'b.amount',
      eb
        .selectFrom('stock_orders as o')
        .select((e) => e.fn.sum<bigint>('o.frozen').as('frozen'))
        .whereRef('o.account_id', '=', 'a.account_id')
        .where('o.status', 'in', OPEN_STATUSES)
        .where((e) =>
          e.or([
            e.and([e('a.name', '=', 'frozen'), e('o.side', '=', 'buy')]),
            e.and([
              e('a.name', '=', 'shares_frozen'),
              e('o.side', '=', 'sell'),
              e('o.symbol', '=', e.ref('b.asset')),
            ]),
          ]),
        )
        .as('frozen'),
    ])
    .where((eb) =>
      eb.or([
        eb('a.name', '=', 'shares_frozen'),
        eb.and([eb('a.name', '=', 'frozen'), eb('b.asset', '=', PKR)]),
      ]),
    )
    .execute();
  for (const r of frozenBooks) {
    const orders = BigInt(r.frozen ?? 0n);
    if (r.amount !== orders)
      problems.push(`${r.name} ${r.account_id}/${r.asset}: ledger ${r.amount}, open orders ${orders}`);
  }
  const broken = await db
    .selectFrom('stock_orders')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'not in', OPEN_STATUSES), eb('frozen', '<>', 0n)]),
        eb('filled_qty', '>', eb.ref('qty')),
      ]),
    )
    .execute();
  for (const r of broken) problems.push(`order ${r.id}: closed with something frozen, or overfilled`);
  problems.push(...(await spotSelfCheck(db)));
  problems.push(...(await perpSelfCheck(db)));
  return { ok: problems.length === 0, problems };
}
