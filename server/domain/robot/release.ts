// The end of a robot order: once its account holds no shares and nothing is reserved, its cash goes back to
// the user's cash less the performance fee (perf % of a positive gain over the capital) and, for an exit before
// the lock-in ended, the early-exit fee (exit % of what is left), both to fee_robot: one journal
// `robot_release` (ref robot:N) in the transaction that marks the order ended.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { moneyOf, PKR } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { postRecord } from '../ledger/post.ts';
import type { OrderRow } from './allocate.ts';
import { buyAndHold } from './metrics.ts';
import { feeOf, findProduct } from './products.ts';

/** Settles an `ending` order whose robot is flat; undefined when it is not (yet). */
export async function releaseRobot(
  db: Db,
  orderId: number,
  price: bigint,
  now: number,
): Promise<OrderRow | undefined> {
  return inTx(
    db,
    async (tx) => {
      const first = await tx
        .selectFrom('robot_orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (!first || first.state !== 'ending') return undefined;
      await lockAccounts(tx, [first.account_id, first.robot_account_id]);
      const o = (await tx
        .selectFrom('robot_orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirst())!;
      if (o.state !== 'ending') return undefined;
      const p = (await findProduct(tx, o.product_id))!;
      const money = await moneyOf(tx, o.robot_account_id);
      if (money.frozen !== 0n) return undefined;
      const pos = await tx
        .selectFrom('stock_positions')
        .select('qty')
        .where('account_id', '=', o.robot_account_id)
        .where('qty', '>', 0n)
        .executeTakeFirst();
      if (pos) return undefined;
      const equity = money.available;
      const gain = equity - o.capital;
      const perf = gain > 0n ? feeOf(gain, p.perf_fee_bps) : 0n;
      const early = o.end_reason === 'user_exit' && (o.ending_at ?? now) < o.lock_until;
      const exit = early ? feeOf(equity - perf, p.exit_fee_bps) : 0n;
      const returned = equity - perf - exit;
      await postRecord(tx, {
        kind: 'robot_release',
        ref: `robot:${o.id}`,
        accountId: o.account_id,
        symbol: p.symbol,
        now,
        legs: [
          { accountId: o.robot_account_id, book: 'cash', asset: PKR, amount: -equity },
          { accountId: o.account_id, book: 'cash', asset: PKR, amount: returned },
          { system: 'fee_robot', asset: PKR, amount: perf + exit },
        ],
      });
      const fundings = await tx
        .selectFrom('robot_fundings')
        .select(['amount', 'fee', 'price'])
        .where('order_id', '=', o.id)
        .execute();
      const bench = buyAndHold(
        fundings.map((f) => ({ capital: f.amount - f.fee, price: f.price })),
        price > 0n ? price : o.start_price,
      );
      await tx
        .insertInto('robot_equity')
        .values({ order_id: o.id, t: now, equity, bench, kind: 'end' })
        .execute();
      return tx
        .updateTable('robot_orders')
        .set({
          state: 'ended',
          perf_fee: perf,
          exit_fee: exit,
          returned,
          end_price: price > 0n ? price : o.start_price,
          ended_at: now,
          updated_at: now,
        })
        .where('id', '=', o.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    { isolation: 'read committed' },
  );
}
