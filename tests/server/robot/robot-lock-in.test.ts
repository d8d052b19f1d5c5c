// A robot's lock-in ends on its own (server level, on the hand-set market of the investment model with its
// own clock): a DCA robot buys, the clock passes its 7-day lock-in, the next market step ends it
// (lock_in_over), it stops buying, sells what it holds (its T+1 lock long due), returns the money with no exit fee,
// and the user gets one message about it with a link to the order.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { moneyOf } from '../../../server/domain/ledger/books.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { buyRobot } from '../../../server/domain/robot/allocate.ts';
import { listProducts } from '../../../server/domain/robot/products.ts';
import { releaseDueLocks } from '../../../server/domain/trading/t-plus-one.ts';
import { tradingDb, type TradingDb } from '../trading/trading-db.ts';
import { marketStep } from '../model/investment-commands.ts';
import { newWorld, prepareProducts } from '../model/investment-world.ts';

let shared: TradingDb;
beforeAll(async () => {
  shared = await tradingDb();
  await prepareProducts(shared.db);
});
afterAll(async () => shared?.close());

const DAY = 86_400_000;

it('ends at the end of the lock-in: stops buying, sells after T+1, returns the money, tells the user', async () => {
  const w = await newWorld(shared);
  const u = w.users[0]!;
  const dca = (await listProducts(w.db)).find((p) => p.code === 'dca-ogdc')!;
  const { order } = await buyRobot(
    w.db,
    { userId: u.userId, accountId: u.demo, accountType: 'demo' },
    {
      productId: dca.id,
      amount: '10000',
      clientId: 'lock-in-1',
      price: () => 1000n,
      verifyPassword: async () => {},
    },
    w.market.clock,
  );
  w.runner.changed(order.id);
  await marketStep(w, 'AAA', '10.00', 61);
  const bought = await w.db
    .selectFrom('stock_fills')
    .select('side')
    .where('account_id', '=', order.robot_account_id)
    .execute();
  expect(bought.map((f) => f.side)).toContain('buy');

  // the lock-in (7 days) passes; the T+1 lock of its shares is long due (the engine lifts due locks itself)
  w.market.clock = order.lock_until + 60_000;
  await releaseDueLocks(w.db, null, w.market.clock);
  await marketStep(w, 'AAA', '10.00', 1);
  const row = async () =>
    w.db.selectFrom('robot_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  let o = await row();
  expect(o.end_reason).toBe('lock_in_over');
  // it sold (no buy after the end) and, flat, settled on a following step
  for (let i = 0; i < 3 && o.state !== 'ended'; i++) {
    await marketStep(w, 'AAA', '10.00', 61);
    o = await row();
  }
  expect(o.state).toBe('ended');
  expect(o.exit_fee).toBe(0n);
  const fills = await w.db
    .selectFrom('stock_fills')
    .select(['side', 'created_at'])
    .where('account_id', '=', order.robot_account_id)
    .orderBy('id')
    .execute();
  expect(fills.at(-1)!.side).toBe('sell');
  expect(fills.filter((f) => f.side === 'buy' && f.created_at >= o.ending_at!)).toEqual([]);
  expect(await moneyOf(w.db, order.robot_account_id)).toMatchObject({ available: 0n, frozen: 0n });
  expect((await moneyOf(w.db, u.demo)).available).toBe(15_000_000n - 10_000_00n + o.returned);

  const msgs = await w.db.selectFrom('user_messages').selectAll().where('user_id', '=', u.userId).execute();
  expect(msgs).toHaveLength(1);
  expect(msgs[0]).toMatchObject({
    kind: 'robot',
    text_key: 'robotLockInOver',
    link: `/pages/robot/orderDetail?id=${order.id}`,
  });
  // more steps and a resync do not repeat it
  await marketStep(w, 'AAA', '10.00', 3 * DAY);
  expect(
    await w.db.selectFrom('user_messages').selectAll().where('user_id', '=', u.userId).execute(),
  ).toHaveLength(1);
  expect(w.runnerErrors).toEqual([]);
  expect((await ledgerSelfCheck(w.db)).ok).toBe(true);
});
