// The contract account's history (contract/perp-history.ts): the caller's executions with, for a liquidation or
// a deleveraged position, why (the mark that crossed, the liquidation price the position had, the margin lost);
// and the caller's funding payments from the ledger (journal kind perp_funding on its contract_margin book).
// Every read is scoped by the caller's account id; newest first; paged.
import { formatMinor } from '../../../contract/money.ts';
import type { PerpFundingPayment, PerpHistoryOrder } from '../../../contract/perp-history.ts';
import type { Db } from '../../db/database.ts';
import { userLedgerAccount } from '../ledger/ledger-repo.ts';
import type { MarkBook } from './mark-book.ts';
import { executionView } from './perp-views.ts';
import type { ExecutionRow } from './positions-repo.ts';

export interface HistoryQuery {
  symbol?: string;
  page: number;
  size: number;
}

const usdt = (v: bigint) => formatMinor(v, 6);

export async function orderHistory(
  db: Db,
  marks: MarkBook,
  accountId: number,
  q: HistoryQuery,
): Promise<{ list: PerpHistoryOrder[]; total: number }> {
  let base = db.selectFrom('perp_orders as o').where('o.account_id', '=', accountId);
  if (q.symbol) base = base.where('o.symbol', '=', q.symbol);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('perp_positions as p', 'p.id', 'o.position_id')
    .select([
      'o.id',
      'o.account_id as accountId',
      'o.client_id as clientId',
      'o.position_id as positionId',
      'o.symbol',
      'o.side',
      'o.action',
      'o.qty',
      'o.price',
      'o.fee',
      'o.margin',
      'o.realized_pnl',
      'o.leverage',
      'o.created_at as createdAt',
      'p.liq_price',
    ])
    .orderBy('o.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  const list = rows.map(({ realized_pnl, liq_price, ...r }): PerpHistoryOrder => {
    const e: ExecutionRow = { ...r, realizedPnl: realized_pnl };
    const view = executionView(marks, e);
    const forced = e.action === 'liquidation' || e.action === 'adl';
    const d = marks.pair(e.symbol)?.grid.priceDecimals ?? 2;
    return {
      ...view,
      reason: forced
        ? {
            markPrice: view.price,
            liqPrice: liq_price === null ? null : formatMinor(liq_price, d),
            marginLost: usdt(e.margin < 0n ? -e.margin : e.margin),
          }
        : null,
    };
  });
  return { list, total: Number(count.n) };
}

export async function fundingHistory(
  db: Db,
  marks: MarkBook,
  accountId: number,
  q: HistoryQuery,
): Promise<{ list: PerpFundingPayment[]; total: number }> {
  const acct = await userLedgerAccount(db, accountId, 'contract_margin');
  let base = db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_journals as j', 'j.id', 'p.journal_id')
    .where('p.ledger_account_id', '=', acct)
    .where('j.kind', '=', 'perp_funding');
  if (q.symbol) base = base.where('j.ref', 'like', `funding:${q.symbol}:%`);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['p.id', 'p.amount', 'j.ref', 'j.created_at as createdAt'])
    .orderBy('p.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  const list: PerpFundingPayment[] = [];
  for (const r of rows) {
    // ref: funding:<symbol>:<intervalAt>:<positionId> (perp-funding.ts)
    const [, symbol = '', at = '', pos = ''] = r.ref.split(':');
    const interval = await db
      .selectFrom('perp_funding')
      .select(['rate', 'price'])
      .where('symbol', '=', symbol)
      .where('interval_at', '=', Number(at))
      .executeTakeFirst();
    const d = marks.pair(symbol)?.grid.priceDecimals ?? 2;
    list.push({
      id: r.id,
      positionId: Number(pos),
      symbol,
      amount: usdt(r.amount),
      rate: formatMinor(BigInt(interval?.rate ?? 0), 6),
      markPrice: interval ? formatMinor(interval.price, d) : '0',
      createdAt: r.createdAt,
    });
  }
  return { list, total: Number(count.n) };
}
