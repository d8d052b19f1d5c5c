// A user's robot actions: a new order (stock/ai/buy), more money into it (add/amount), and an exit. The cheap
// checks run first and every refusal stores nothing; the money moves in one READ COMMITTED transaction that
// first locks the caller's account (ledger/locks.ts), so two actions of one account run one after the other
// and the second sees the first (the clientId repeat, the single limit). One journal `robot_allocate`
// (ref robot:N for the first amount, robot:N:add:M for an add) moves PKR from the user's cash to the robot
// account's cash, the entry fee to fee_robot.
import type { Selectable } from 'kysely';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import type { Db } from '../../db/database.ts';
import { findByClientId, findOwn } from '../../db/owned-rows.ts';
import type { RobotOrdersTable } from '../../db/schema.ts';
import { inTx, READ_COMMITTED } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import { assertKycVerified } from '../kyc/kyc-state.ts';
import { PKR } from '../ledger/books.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { LedgerError, postRecord } from '../ledger/post.ts';
import { feeOf, findProduct, openInvested, tierFor, tiersOf, type ProductRow } from './products.ts';

export type OrderRow = Selectable<RobotOrdersTable>;

export interface RobotCaller {
  userId: number;
  accountId: number;
  accountType: 'real' | 'demo';
}
const DAY_MS = 86_400_000;

export async function findOwnOrder(db: Db, accountId: number, id: number): Promise<OrderRow | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  return findOwn(db, 'robot_orders', 'account_id', accountId, id);
}

function amountOf(text: string): bigint {
  const a = parseMinor(text, 2);
  if (a === null || a <= 0n) throw fieldError('amount', 'robot.amountZero');
  return a;
}

function insufficient(err: unknown, amount: bigint): never {
  if (err instanceof LedgerError && err.reason === 'insufficient')
    throw new AppError('robot.insufficient', { amount: formatMinor(amount, 2) });
  throw err;
}

export interface BuyRequest {
  productId: number;
  amount: string;
  clientId: string;
  /** the symbol's last price, paisa (0: none yet) */
  price: (symbol: string) => bigint;
  verifyPassword: () => Promise<void>;
}

export async function buyRobot(
  db: Db,
  c: RobotCaller,
  req: BuyRequest,
  now: number,
): Promise<{ order: OrderRow; product: ProductRow; created: boolean }> {
  const product = await findProduct(db, req.productId);
  if (!product) throw fieldError('productId', 'robot.notFound');
  const earlier = await byClientId(db, c.accountId, req.clientId);
  if (earlier) return { order: earlier, product, created: false };
  if (product.enabled !== 1) throw new AppError('robot.disabled');
  const amount = amountOf(req.amount);
  const tier = tierFor(product, amount);
  if (!tier) {
    const tiers = tiersOf(product);
    throw fieldError('amount', 'robot.amountRange', {
      min: formatMinor(tiers[0]?.min ?? 0n, 2),
      max: formatMinor(tiers[tiers.length - 1]?.max ?? 0n, 2),
    });
  }
  if (c.accountType === 'real') await assertKycVerified(db, c.userId);
  const price = req.price(product.symbol);
  if (price <= 0n) throw new AppError('robot.noPrice');
  await req.verifyPassword();
  const fee = feeOf(amount, product.entry_fee_bps);
  const capital = amount - fee;

  return inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId]);
      const again = await byClientId(tx, c.accountId, req.clientId);
      if (again) return { order: again, product, created: false };
      const open = await openInvested(tx, c.accountId, product.id);
      if (open + amount > product.single_limit)
        throw new AppError('robot.singleLimit', {
          limit: formatMinor(product.single_limit, 2),
          left: formatMinor(product.single_limit - open > 0n ? product.single_limit - open : 0n, 2),
        });
      const robotAccount = await tx
        .insertInto('accounts')
        .values({ user_id: c.userId, type: 'robot', parent_account_id: c.accountId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const order = await tx
        .insertInto('robot_orders')
        .values({
          product_id: product.id,
          user_id: c.userId,
          account_id: c.accountId,
          robot_account_id: robotAccount.id,
          client_id: req.clientId,
          level: tier.level,
          state: 'running',
          invested: amount,
          entry_fee: fee,
          capital,
          start_price: price,
          lock_until: now + product.lock_days * DAY_MS,
          started_at: now,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('robot_fundings')
        .values({ order_id: order.id, client_id: req.clientId, amount, fee, price, created_at: now })
        .execute();
      try {
        await postRecord(tx, {
          kind: 'robot_allocate',
          ref: `robot:${order.id}`,
          accountId: c.accountId,
          symbol: product.symbol,
          now,
          legs: [
            { accountId: c.accountId, book: 'cash', asset: PKR, amount: -amount },
            { accountId: robotAccount.id, book: 'cash', asset: PKR, amount: capital },
            { system: 'fee_robot', asset: PKR, amount: fee },
          ],
        });
      } catch (err) {
        insufficient(err, amount);
      }
      await tx
        .insertInto('robot_equity')
        .values({ order_id: order.id, t: now, equity: capital, bench: capital, kind: 'start' })
        .execute();
      return { order, product, created: true };
    },
    READ_COMMITTED,
  );
}

async function byClientId(db: Db, accountId: number, clientId: string): Promise<OrderRow | undefined> {
  return findByClientId(db, 'robot_orders', 'account_id', accountId, clientId);
}

export interface AddRequest {
  orderId: number;
  amount: string;
  clientId: string;
  price: (symbol: string) => bigint;
  verifyPassword: () => Promise<void>;
}

/** Room an order has for adds: under its level's max and the product's single limit. */
export function addRoom(product: ProductRow, order: OrderRow, openOfProduct: bigint): bigint {
  const tier = tiersOf(product).find((t) => t.level === order.level);
  const byLevel = (tier?.max ?? 0n) - order.invested;
  const byLimit = product.single_limit - openOfProduct;
  const room = byLevel < byLimit ? byLevel : byLimit;
  return room > 0n ? room : 0n;
}

export async function addToRobot(
  db: Db,
  c: RobotCaller,
  req: AddRequest,
  now: number,
): Promise<{ order: OrderRow; product: ProductRow }> {
  const order = await findOwnOrder(db, c.accountId, req.orderId);
  if (!order) throw fieldError('orderId', 'robot.orderNotFound');
  const product = (await findProduct(db, order.product_id))!;
  const done = await db
    .selectFrom('robot_fundings')
    .select('id')
    .where('order_id', '=', order.id)
    .where('client_id', '=', req.clientId)
    .executeTakeFirst();
  if (done) return { order, product };
  if (order.state !== 'running') throw new AppError('robot.notRunning');
  const amount = amountOf(req.amount);
  if (amount < product.min_add)
    throw fieldError('amount', 'robot.belowMinAdd', { min: formatMinor(product.min_add, 2) });
  if (c.accountType === 'real') await assertKycVerified(db, c.userId);
  const price = req.price(product.symbol);
  if (price <= 0n) throw new AppError('robot.noPrice');
  await req.verifyPassword();
  const fee = feeOf(amount, product.entry_fee_bps);

  const updated = await inTx(
    db,
    async (tx) => {
      await lockAccounts(tx, [c.accountId, order.robot_account_id]);
      const again = await tx
        .selectFrom('robot_fundings')
        .select('id')
        .where('order_id', '=', order.id)
        .where('client_id', '=', req.clientId)
        .executeTakeFirst();
      const cur = (await findOwnOrder(tx, c.accountId, order.id))!;
      if (again) return cur;
      if (cur.state !== 'running') throw new AppError('robot.notRunning');
      const room = addRoom(product, cur, await openInvested(tx, c.accountId, product.id));
      if (amount > room) throw fieldError('amount', 'robot.addRoom', { room: formatMinor(room, 2) });
      const funding = await tx
        .insertInto('robot_fundings')
        .values({ order_id: order.id, client_id: req.clientId, amount, fee, price, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        await postRecord(tx, {
          kind: 'robot_allocate',
          ref: `robot:${order.id}:add:${funding.id}`,
          accountId: c.accountId,
          symbol: product.symbol,
          now,
          legs: [
            { accountId: c.accountId, book: 'cash', asset: PKR, amount: -amount },
            { accountId: order.robot_account_id, book: 'cash', asset: PKR, amount: amount - fee },
            { system: 'fee_robot', asset: PKR, amount: fee },
          ],
        });
      } catch (err) {
        insufficient(err, amount);
      }
      return tx
        .updateTable('robot_orders')
        .set({
          invested: cur.invested + amount,
          entry_fee: cur.entry_fee + fee,
          capital: cur.capital + amount - fee,
          updated_at: now,
        })
        .where('id', '=', order.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    READ_COMMITTED,
  );
  return { order: updated, product };
}

/** The user stops a running order: it becomes `ending` (the runner sells and settles; early: the exit fee). */
export async function exitRobot(
  db: Db,
  c: RobotCaller,
  orderId: number,
  verifyPassword: () => Promise<void>,
  now: number,
): Promise<OrderRow> {
  const order = await findOwnOrder(db, c.accountId, orderId);
  if (!order) throw fieldError('orderId', 'robot.orderNotFound');
  if (order.state !== 'running') throw new AppError('robot.notRunning');
  await verifyPassword();
  const r = await db
    .updateTable('robot_orders')
    .set({ state: 'ending', end_reason: 'user_exit', ending_at: now, updated_at: now })
    .where('id', '=', order.id)
    .where('state', '=', 'running')
    .returningAll()
    .executeTakeFirst();
  if (!r) throw new AppError('robot.notRunning');
  return r;
}
