// Transaction records (the funds detail, GET user/tx/record): every movement of an account's available money,
// newest first, with the balance after it. A record's kind says how it is shown: RECORD_KINDS is the one list
// of kinds the ledger accepts (postRecord takes a RecordKind), so a new area adds its kinds here, with the
// funds-detail type each one shows as (contract/trade-lists.ts TX_TYPES).
import type { Db } from '../../db/database.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { TxRecord, TxType } from '../../../workers/protocol/trade.ts';
import { PKR, userAcct } from './books.ts';

export const RECORD_KINDS = {
  /** virtual funds of a new demo account */
  demo_funding: 'demo_grant',
  /** tests' grants (tests only) */
  test_grant: 'deposit',
  /** a confirmed deposit, from the channel's clearing account (back office today) */
  deposit: 'deposit',
  /** a user's deposit request credited by an operator (ref `deposit:<id>`), from clearing_<channel> */
  deposit_credit: 'deposit',
  /** a crypto transfer credited by the chain watcher (ref `<chain>:<tx hash>`), from clearing_crypto */
  crypto_deposit: 'deposit',
  withdraw: 'withdraw',
  /** a withdrawal request: amount + fees frozen; paid (frozen → clearing), its fee, or returned on rejection.
   *  The payment and its fee leave the frozen book: txRecords lists them too (PAID_FROM_FROZEN). */
  withdraw_freeze: 'withdraw_freeze',
  withdraw_paid: 'withdraw',
  withdraw_fee: 'fee',
  withdraw_return: 'withdraw_return',
  /** an open limit order's reservation, its release per fill, and what it held when it ended */
  trade_freeze: 'freeze',
  trade_unfreeze: 'unfreeze',
  trade_release: 'unfreeze',
  trade_buy: 'buy',
  trade_sell: 'sell',
  trade_fee: 'fee',
  /** T+1: bought shares become sellable (share books only, never in the money funds detail) */
  t1_release: 'unfreeze',
  /** PKR ↔ USDT between the stock and spot accounts through exchange_desk (user/exchange, ref `exchange:<quote>`) */
  exchange_pkr_usdt: 'exchange',
  exchange_usdt_pkr: 'exchange',
  /** USDT between the spot (`cash`) and contract (`contract`) books, no fee (coin/transfer) */
  coin_transfer_to_contract: 'transfer',
  coin_transfer_to_spot: 'transfer',
  // ---- spot (issue 16): the spot account's order journals (USDT and coin books; ref order:N / fill:N)
  spot_freeze: 'freeze',
  spot_unfreeze: 'unfreeze',
  spot_release: 'unfreeze',
  spot_buy: 'buy',
  spot_sell: 'sell',
  spot_fee: 'fee',
  // ---- end spot
  /** perpetual contracts (contract account books; server/domain/perp/README.md) */
  perp_open: 'freeze',
  perp_fee: 'fee',
  perp_close: 'unfreeze',
  perp_margin: 'freeze',
  perp_leverage: 'unfreeze',
  perp_funding: 'fee',
  perp_liquidation: 'unfreeze',
  perp_adl: 'unfreeze',
  /** a resting contract limit order: its margin and most fee frozen (contract → contract_frozen), released */
  perp_limit_freeze: 'freeze',
  perp_limit_release: 'unfreeze',
  /** IPO (domain/ipo): an application's price × shares frozen; given back (cancel, the unallotted part); the
   * allotted part paid to ipo_issuer_<offering> (and the shares credited to shares_ipo, ref `shares:<id>`);
   * at listing the shares move shares_ipo → shares (share books only) */
  ipo_freeze: 'freeze',
  ipo_refund: 'unfreeze',
  ipo_pay: 'buy',
  ipo_listing: 'unfreeze',
  // ---- robots (server/domain/robot): PKR from the user's cash to a robot order's own account (entry fee to
  // fee_robot; ref robot:N, robot:N:add:M), and back at its end (performance / early-exit fee; ref robot:N)
  robot_allocate: 'transfer',
  robot_release: 'transfer',
  // ---- end robots
  // ---- funds (server/domain/fund): a subscription's PKR from the user's cash to fund_pending at once (ref
  // fund:N); at its close fund_pending → the pool's cash and the entry fee to fee_fund (ref fund:N); a
  // redemption paid from the pool's cash to the user's (ref fund:N)
  fund_subscribe: 'transfer',
  fund_confirm: 'transfer',
  fund_redeem: 'transfer',
  /** the management fee for the time since the pool's last close, from its cash to fee_fund (ref fund-fee:P:T) */
  fund_mgmt_fee: 'fee',
  // ---- end funds
  // ---- vip (issue 18): a VIP plan paid from the real account's cash to fee_vip (ref vip:<purchase id>)
  vip_buy: 'fee',
  // ---- loans (issue 18; domain/loans): the principal from loan_book to cash (ref loan:N); the repayment frozen
  // (ref repay:N), then settled to loan_book, loan_interest and fee_loan (ref repaid:N)
  loan_disburse: 'loan',
  loan_repay_freeze: 'loan_repay',
  loan_repay: 'loan_repay',
  /** a repayment the manager refused: the frozen total back to available (ref repay:N:refused:<requested at>) */
  loan_repay_unfreeze: 'unfreeze',
  // ---- end loans
  // ---- placements (issue 17 §4; domain/placement): an application's price × shares frozen (ref placement:N);
  // the unallocated part given back (ref refund:N); the allocated part paid to placement_seller_<id> (ref
  // pay:N) and the shares credited to shares_locked (ref shares:N), released by the T+1 engine at unlock_at
  placement_freeze: 'freeze',
  placement_refund: 'unfreeze',
  placement_pay: 'buy',
  // ---- end placements
  // ---- options (issue 17 §6; domain/option): the premium from cash to option_writer (ref option:N, shown
  // as a buy of the symbol); at expiry the payoff from option_writer to cash (ref option-settle:N, a sell)
  option_premium: 'buy',
  option_payoff: 'sell',
  // ---- end options
  // ---- coin ICO (server/domain/ico): a commitment's USDT frozen in the spot account (ref ico:N); at the
  // distribution the cost paid to ico_issuer_<sale> (ico:pay:N), the rest given back (ico:refund:N) and the
  // tokens credited from ico_issuer_<sale> to cash (ico:tokens:N)
  ico_freeze: 'freeze',
  ico_pay: 'buy',
  ico_refund: 'unfreeze',
  ico_tokens: 'buy',
  // ---- end coin ICO
} as const satisfies Record<string, TxType>;

export type RecordKind = keyof typeof RECORD_KINDS;

/** Kinds that take money out of the frozen book for good: the user sees them as their own rows (a paid
 *  withdrawal and its fee), with the available balance unchanged. */
const PAID_FROM_FROZEN: readonly RecordKind[] = ['withdraw_paid', 'withdraw_fee'];

export function isRecordKind(kind: string): kind is RecordKind {
  return Object.hasOwn(RECORD_KINDS, kind);
}

export interface RecordsQuery {
  type?: TxType | undefined;
  /** 1-based */
  page: number;
  size: number;
  /** the money asset whose available book is listed (default PKR, 2 decimals) */
  asset?: string;
  decimals?: number;
  /** the book listed (default `cash`: the stock account's PKR or the spot account's coins; `contract`) */
  book?: 'cash' | 'contract';
}

/** The funds detail of the account's available money, newest first, optionally of one type; with it the
 *  payments out of the frozen book (PAID_FROM_FROZEN), whose balance is the unchanged available one. */
export async function txRecords(
  db: Db,
  accountId: number,
  q: RecordsQuery,
): Promise<{ list: TxRecord[]; total: number }> {
  const asset = q.asset ?? PKR;
  const decimals = q.decimals ?? 2;
  const book = q.book ?? 'cash';
  const cashAcct = await userAcct(db, accountId, book);
  // Payments out of the frozen book belong to the stock and spot accounts' `cash` (withdrawals); the contract
  // account has none.
  const frozenAcct = book === 'cash' ? await userAcct(db, accountId, 'frozen') : -1;
  const rows = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_journals as j', 'j.id', 'p.journal_id')
    .leftJoin('trade_journals as t', 't.journal_id', 'j.id')
    .select((eb) => [
      'p.id',
      'j.kind',
      'p.amount',
      // the available balance after each posting ('cash': a money column name, so it stays a bigint)
      eb.fn
        .sum<bigint>(
          eb.case().when('p.ledger_account_id', '=', cashAcct).then(eb.ref('p.amount')).else(eb.lit(0)).end(),
        )
        .over((ob) => ob.orderBy('p.id'))
        .as('cash'),
      't.symbol',
      't.order_id as orderId',
      'j.created_at as createdAt',
    ])
    .where((eb) =>
      eb.or([
        eb('p.ledger_account_id', '=', cashAcct),
        eb.and([eb('p.ledger_account_id', '=', frozenAcct), eb('j.kind', 'in', PAID_FROM_FROZEN)]),
      ]),
    )
    .where('p.asset', '=', asset)
    .orderBy('p.id', 'desc')
    .execute();
  const typed = rows
    .map((r) => ({
      r,
      // A kind from before the registry (none today) shows by the direction of its movement.
      type: isRecordKind(r.kind) ? RECORD_KINDS[r.kind] : r.amount > 0n ? 'deposit' : 'withdraw',
    }))
    .filter((x) => !q.type || x.type === q.type);
  const list = typed.slice((q.page - 1) * q.size, q.page * q.size).map(({ r, type: t }): TxRecord => {
    const rec: TxRecord = {
      id: r.id,
      type: t,
      amount: formatMinor(r.amount, decimals),
      balance: formatMinor(BigInt(r.cash), decimals),
      createdAt: r.createdAt,
    };
    if (r.symbol) rec.symbol = r.symbol;
    if (r.orderId !== null) rec.orderId = r.orderId;
    return rec;
  });
  return { list, total: typed.length };
}
