// USDT between the spot account (`cash`) and the contract account (`contract`) of one user account
// (coin/transfer): no fee, one book-to-book record (kind coin_transfer, ref `coin_transfer:<id>`) in the
// transaction that stores the coin_transfers row (migration 090), so a retried clientId is one transfer and
// answers the first. Refusals: the same account twice, a zero amount, 'Insufficient Balance'.
import type { CoinAccount, CoinTransfer } from '../../../contract/exchange.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import type { Db } from '../../db/database.ts';
import { findByClientId } from '../../db/owned-rows.ts';
import type { CoinTransfersTable } from '../../db/schema.ts';
import { inTx } from '../../db/tx.ts';
import { fieldError } from '../../errors.ts';
import type { UserBook } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { LedgerError, move, postRecord } from '../ledger/post.ts';
import { SCALE, USDT } from './exchange-rate.ts';

/** The ledger book behind each crypto account the user sees (README.md). */
export const COIN_ACCOUNT_BOOK: Readonly<Record<CoinAccount, UserBook>> = {
  spot: 'cash',
  contract: 'contract',
};

type TransferRow = Omit<CoinTransfersTable, 'id'> & { id: number };

export function toCoinTransfer(r: TransferRow): CoinTransfer {
  return {
    id: r.id,
    clientId: r.client_id,
    from: r.from_account,
    to: r.to_account,
    asset: r.asset,
    amount: formatMinor(r.amount, SCALE.USDT),
    createdAt: r.created_at,
  };
}

export async function transferCoin(
  db: Db,
  c: { userId: number; accountId: number },
  req: { from: CoinAccount; to: CoinAccount; amount: string; clientId: string },
  now: number,
): Promise<TransferRow> {
  if (req.from === req.to) throw fieldError('to', 'coinTransfer.same');
  const amount = parseMinor(req.amount, SCALE.USDT);
  if (amount === null || amount <= 0n) throw fieldError('amount', 'coinTransfer.amountZero');
  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      const again = await findByClientId(tx, 'coin_transfers', 'account_id', c.accountId, req.clientId);
      if (again) return again;
      const row = await tx
        .insertInto('coin_transfers')
        .values({
          user_id: c.userId,
          account_id: c.accountId,
          client_id: req.clientId,
          from_account: req.from,
          to_account: req.to,
          asset: USDT,
          amount,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      try {
        await postRecord(tx, {
          kind: req.to === 'contract' ? 'coin_transfer_to_contract' : 'coin_transfer_to_spot',
          ref: `coin_transfer:${row.id}`,
          accountId: c.accountId,
          now,
          legs: move(c.accountId, COIN_ACCOUNT_BOOK[req.from], COIN_ACCOUNT_BOOK[req.to], USDT, amount),
        });
      } catch (err) {
        if (err instanceof LedgerError && err.reason === 'insufficient')
          throw fieldError('amount', 'coinTransfer.insufficient');
        throw err;
      }
      return row;
    },
    { isolation: 'read committed' },
  );
}
