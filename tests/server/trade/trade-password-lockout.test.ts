// Attacks on the transaction password with a stolen session: 30 parallel orders with the right PIN at #25 place
// nothing and run at most the free checks; a right PIN does not reset earlier failures; the waits grow (clock
// injected) and survive a new guard on the same database (a restart). Identical submits still share one check
// (concurrency.test.ts: 100 copies make one order).
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { AttemptGuard, type AttemptStore } from '../../../server/domain/rate-limit/attempt-guard.ts';
import { burst, holdHashes, inQueue, until, verifies } from '../attack-helpers.ts';
import { post } from '../helpers.ts';
import { newClientOrderId, TRADE_PASSWORD, trader, tradeSetup, type TradeTestApp } from './trade-helpers.ts';

const FREE = 5;
let t: TradeTestApp;
let sym: string;
let gate: ReturnType<typeof holdHashes> | undefined;

beforeAll(async () => {
  ({ t, sym } = await tradeSetup('trade-password-lockout'));
});
afterAll(async () => t.close());
afterEach(() => gate?.close());

const order = (token: string, tradePassword: string) =>
  post(
    t.app,
    '/api/stock/order/buy',
    { symbol: sym, type: 'market', qty: '1', clientOrderId: newClientOrderId(), tradePassword },
    { token, lang: 'en-US' },
  );
const ordersOf = async (userId: number) =>
  (
    await t.db
      .selectFrom('stock_orders as o')
      .innerJoin('accounts as a', 'a.id', 'o.account_id')
      .select('o.id')
      .where('a.user_id', '=', userId)
      .execute()
  ).length;
const WRONG = 'The transaction password is incorrect, please re-enter it.';

it('30 parallel orders with the right PIN at #25 place nothing and check at most the free PINs', async () => {
  const u = await trader(t);
  const before = verifies();
  gate = holdHashes();
  const b = burst(
    Array.from(
      { length: 30 },
      (_, i) => () => order(u.tokenDemo, i === 25 ? TRADE_PASSWORD : String(100000 + i)),
    ),
  );
  await until(() => b.settled() + inQueue() === 30);
  gate.open();
  const answers = await b.all;
  expect(verifies() - before).toBeLessThanOrEqual(FREE);
  expect(answers.filter((a) => a.body.code === 0)).toHaveLength(0);
  expect(answers[25]?.body.msg).toMatch(/^Too many wrong transaction passwords/);
  expect(await ordersOf(u.userId)).toBe(0);
});

it('a right PIN does not reset earlier failures', async () => {
  const u = await trader(t);
  for (let i = 0; i < 3; i++) expect((await order(u.tokenDemo, '000000')).body.msg).toBe(WRONG);
  expect((await order(u.tokenDemo, TRADE_PASSWORD)).body.code).toBe(0);
  expect((await order(u.tokenDemo, '000000')).body.msg).toBe(WRONG);
  expect((await order(u.tokenDemo, '000000')).body.msg).toBe(
    'Too many wrong transaction passwords. Trading is locked, please try again in 60 seconds',
  );
  const refused = await order(u.tokenDemo, TRADE_PASSWORD);
  expect(refused.body.msg).toMatch(/^Too many wrong transaction passwords/);
  expect(await ordersOf(u.userId)).toBe(1);
});

it('waits double up to the cap, in the database, and the owner who waits gets through', async () => {
  const clock = { t: Date.UTC(2026, 0, 1) };
  const real = t.app.lockouts.tradePassword;
  // The app's store of these records: it keeps nothing in memory (every read and update goes to the
  // attempt_guards table), so a new guard on it is what a restart gives.
  const store = (real as unknown as { store: AttemptStore }).store;
  const guard = () => new AttemptGuard(real.rule, store, () => clock.t);
  t.app.lockouts.tradePassword = guard();
  try {
    const u = await trader(t);
    for (let i = 0; i < FREE; i++) await order(u.tokenDemo, '000000');
    const waits: string[] = [];
    for (let i = 0; i < 8; i++) {
      waits.push((await order(u.tokenDemo, '000000')).body.msg.replace(/^.*try again in /, ''));
      clock.t += await t.app.lockouts.tradePassword.waitMs(String(u.userId));
      await order(u.tokenDemo, '000000');
    }
    expect(waits).toEqual([
      '60 seconds',
      '2 minutes',
      '4 minutes',
      '8 minutes',
      '16 minutes',
      '32 minutes',
      '60 minutes',
      '60 minutes',
    ]);
    // a new guard on the same table (a restart) still makes the caller wait
    t.app.lockouts.tradePassword = guard();
    expect((await order(u.tokenDemo, TRADE_PASSWORD)).body.msg).toBe(
      'Too many wrong transaction passwords. Trading is locked, please try again in 60 minutes',
    );
    clock.t += await t.app.lockouts.tradePassword.waitMs(String(u.userId));
    expect((await order(u.tokenDemo, TRADE_PASSWORD)).body.code).toBe(0);
    // and may go on placing orders while the earlier failures are still remembered
    expect((await order(u.tokenDemo, TRADE_PASSWORD)).body.code).toBe(0);
    expect(await t.app.lockouts.tradePassword.failures(String(u.userId))).toBe(FREE + 8);
  } finally {
    t.app.lockouts.tradePassword = real;
  }
});
