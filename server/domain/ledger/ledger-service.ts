// The ledger as one service (`app.ledger`, plugins/ledger.ts): what every area that moves money posts through
// (trading today; deposits, withdrawals, loans, IPO subscriptions and VIP fees next) and reads balances and
// records from. Bound to the app's database; `in(tx)` gives the same service inside a transaction in progress,
// so a business change and its postings commit together:
//
//   await inTx(app.db, async (tx) => {
//     const request = await insertWithdrawal(tx, …);
//     await app.ledger.in(tx).freeze({ kind: 'withdraw', ref: `withdraw:${request.id}`, accountId, asset: PKR,
//       amount, now });
//   });
//
// The functions behind it (post.ts, books.ts, records.ts) take a `db` themselves, for code that runs without
// an app (the back-office command, the self-check).
import type { Db } from '../../db/database.ts';
import { moneyBalances, moneyOf, sharesOf, type MoneyBalance, type ShareBalances } from './books.ts';
import {
  freeze,
  postRecord,
  settleFrozen,
  unfreeze,
  type HoldInput,
  type Posted,
  type RecordInput,
  type SettleInput,
} from './post.ts';
import { txRecords, type RecordsQuery } from './records.ts';
import type { TxRecord } from '../../../workers/protocol/trade.ts';

export class Ledger {
  constructor(readonly db: Db) {}

  /** This ledger inside the transaction `tx` (inTx's handle). */
  in(tx: Db): Ledger {
    return tx === this.db ? this : new Ledger(tx);
  }

  /** A balanced record of legs with its kind and ref (post.ts). */
  post(r: RecordInput): Promise<Posted> {
    return postRecord(this.db, r);
  }

  freeze(h: HoldInput): Promise<Posted> {
    return freeze(this.db, h);
  }

  unfreeze(h: HoldInput): Promise<Posted> {
    return unfreeze(this.db, h);
  }

  settleFrozen(s: SettleInput): Promise<Posted> {
    return settleFrozen(this.db, s);
  }

  /** Available and frozen money of an account in one asset (PKR by default). */
  money(accountId: number, asset?: string): Promise<MoneyBalance> {
    return moneyOf(this.db, accountId, asset);
  }

  /** Every money asset of the account. */
  balances(accountId: number): Promise<MoneyBalance[]> {
    return moneyBalances(this.db, accountId);
  }

  shares(accountId: number, symbol: string): Promise<ShareBalances> {
    return sharesOf(this.db, accountId, symbol);
  }

  /** The funds detail, newest first. */
  records(accountId: number, q: RecordsQuery): Promise<{ list: TxRecord[]; total: number }> {
    return txRecords(this.db, accountId, q);
  }
}
