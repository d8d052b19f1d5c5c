// A user's block buy (POST stock/order/bulk/buy). The checks run in this order and every refusal stores
// nothing: KYC on the real account (demo buys with demo money), a retry of the same clientId (answers the first
// buy), a running VIP trial or membership, the block (exists, open now, not sold out), the quantity (whole lots,
// no more than is left), the transaction password (a guarded try); then ONE transaction: the block's lots are
// claimed with a conditional UPDATE (sold + qty ≤ shares, so 100 concurrent buys of the last lot sell it once),
// the buy is written as an ordinary filled stock order and fill, the money (price × qty + the trading fees)
// leaves the cash in the ledger ("insufficient" rolls the claim back), the shares land in shares_locked with
// this file's own share_locks row (unlock_at = the block's lock period: bulk-math.ts lockUntil; the engine's
// T+1 release frees it when due), and the average-cost position grows.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { inTx, writeBehind } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { assertKycVerified } from '../kyc/kyc-state.ts';
import { PKR } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { LedgerError, postRecords } from '../ledger/post.ts';
import { calcFees, feeTotal, type FeeConfig } from '../trading/fees.ts';
import { feeLegs } from '../trading/fills.ts';
import { insertOrder, saveOrder } from '../trading/orders-repo.ts';
import { orderFilled } from '../content/event-messages.ts';
import { readMembership } from '../vip/vip-repo.ts';
import { vipState } from '../vip/vip-status.ts';
import { lockUntil, qtyProblem } from './bulk-math.ts';
import { blockState, findBlock, findOrderByClientId, type BlockRow, type BulkOrderRow } from './bulk-repo.ts';

export interface BulkCaller {
  userId: number;
  accountId: number;
  accountType: AccountType;
}

export interface BuyRequest {
  blockId: number;
  qty: number;
  clientId: string;
  /** checks the transaction password (throws its refusal); called after the cheap checks */
  verifyPassword: () => Promise<void>;
}

const VIP_GATE = {
  none: 'vip.notMember',
  expired_trial: 'vip.trialExpired',
  expired: 'vip.expired',
} as const;

/** The system account a block's seller is booked to (cash in, shares out; may go negative). */
export const blockAccount = (blockId: number): string => `bulk_block_${blockId}`;

function refuseState(b: BlockRow, now: number): void {
  const st = blockState(b, now);
  if (st === 'sold_out') throw new AppError('bulk.soldOut');
  if (st !== 'open') throw new AppError('bulk.notOpen');
}

function checkQty(b: BlockRow, qty: number): void {
  const p = qtyProblem(qty, b.lot, b.shares - b.sold);
  if (p?.key === 'bulk.lot') throw fieldError('qty', p.key, { lot: p.lot });
  if (p?.key === 'bulk.tooMany') throw fieldError('qty', p.key, { left: p.left });
}

export async function buyBlock(
  db: Db,
  c: BulkCaller,
  req: BuyRequest,
  fees: FeeConfig,
  now: number,
): Promise<{ order: BulkOrderRow; block: BlockRow }> {
  if (c.accountType === 'real') await assertKycVerified(db, c.userId);
  const earlier = await findOrderByClientId(db, c.accountId, req.clientId);
  if (earlier) return { order: earlier, block: (await findBlock(db, earlier.block_id))! };
  const vip = vipState(await readMembership(db, c.userId), now);
  if (vip !== 'trial' && vip !== 'active') throw new AppError(VIP_GATE[vip]);
  const b = await findBlock(db, req.blockId);
  if (!b) throw fieldError('blockId', 'bulk.notFound');
  refuseState(b, now);
  checkQty(b, req.qty);
  await req.verifyPassword();

  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      const again = await findOrderByClientId(tx, c.accountId, req.clientId);
      if (again) return { order: again, block: b };
      const claimed = await tx
        .updateTable('bulk_blocks')
        .set({ sold: sql<number>`sold + ${req.qty}`, updated_at: now })
        .where('id', '=', b.id)
        .where('phase', '=', 'open')
        .where('opens_at', '<=', now)
        .where('closes_at', '>', now)
        .where(sql<boolean>`sold + ${req.qty} <= shares`)
        .returningAll()
        .executeTakeFirst();
      if (!claimed) {
        const now2 = (await findBlock(tx, b.id))!;
        refuseState(now2, now);
        checkQty(now2, req.qty);
        throw new AppError('bulk.soldOut');
      }
      const qty = BigInt(req.qty);
      const amount = b.price * qty;
      const fee = calcFees('buy', amount, qty, fees);
      const order = await insertOrder(tx, {
        accountId: c.accountId,
        clientOrderId: `bulk:${req.clientId}`,
        symbol: b.symbol,
        side: 'buy',
        type: 'limit',
        price: b.price,
        qty,
        now,
      });
      const { id: fillId } = await tx
        .insertInto('stock_fills')
        .values({
          order_id: order.id,
          account_id: c.accountId,
          symbol: b.symbol,
          side: 'buy',
          qty,
          price: b.price,
          amount,
          fee: feeTotal(fee),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const tag = { accountId: c.accountId, orderId: order.id, symbol: b.symbol, now, ref: `bulk:${fillId}` };
      const seller = blockAccount(b.id);
      try {
        await postRecords(tx, [
          {
            ...tag,
            kind: 'trade_buy',
            legs: [
              { accountId: c.accountId, book: 'cash', asset: PKR, amount: -amount },
              { system: seller, asset: PKR, amount },
              { system: seller, asset: b.symbol, amount: -qty },
              { accountId: c.accountId, book: 'shares_locked', asset: b.symbol, amount: qty },
            ],
          },
          { ...tag, kind: 'trade_fee', legs: feeLegs(c.accountId, fee) },
        ]);
      } catch (err) {
        if (err instanceof LedgerError && err.reason === 'insufficient')
          throw new AppError('bulk.insufficient', {
            amount: `${formatMinor(amount + feeTotal(fee), 2)} PKR`,
          });
        throw err;
      }
      const unlockAt = lockUntil(now, b.lock_days);
      await tx
        .insertInto('share_locks')
        .values({ account_id: c.accountId, symbol: b.symbol, qty, fill_id: fillId, unlock_at: unlockAt })
        .execute();
      const cost = amount + feeTotal(fee);
      await writeBehind(
        tx,
        tx
          .insertInto('stock_positions')
          .values({ account_id: c.accountId, symbol: b.symbol, qty, cost, updated_at: now })
          .onConflict((oc) =>
            oc.columns(['account_id', 'symbol']).doUpdateSet({
              qty: sql<bigint>`stock_positions.qty + excluded.qty`,
              cost: sql<bigint>`stock_positions.cost + excluded.cost`,
              updated_at: now,
            }),
          ),
      );
      await saveOrder(tx, {
        ...order,
        filledQty: qty,
        filledAmount: amount,
        fees: fee,
        status: 'filled',
        updatedAt: now,
      });
      // the user's "order filled" message (real account only, linking to Positions), as any filled buy
      await orderFilled(tx, order, now);
      const row = await tx
        .insertInto('bulk_orders')
        .values({
          block_id: b.id,
          user_id: c.userId,
          account_id: c.accountId,
          client_id: req.clientId,
          symbol: b.symbol,
          shares: req.qty,
          price: b.price,
          amount,
          fee: feeTotal(fee),
          order_id: order.id,
          fill_id: fillId,
          unlock_at: unlockAt,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { order: row, block: claimed };
    },
    { isolation: 'read committed' },
  );
}
