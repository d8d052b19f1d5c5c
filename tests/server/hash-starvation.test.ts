// The hash queue under a flood of wrong logins from 120 addresses against 120 real phones: the queue fills (2
// running, 64 waiting, the rest refused as busy), yet a legitimate login from an address its phone signed in
// from, a login from a fresh address once the flooders have failures, and a signed-in user's transaction
// password are all served next instead of behind the flood. Hashes are held at their start until the flood is
// in place, so the test does not depend on the machine's speed.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { hashQueue } from '../../server/domain/auth/password-hash.ts';
import { burst, cheapUser, holdHashes, inQueue, until, type CheapUser } from './attack-helpers.ts';
import { login, post, type CallResult } from './helpers.ts';
import {
  newClientOrderId,
  pickStock,
  TRADE_PASSWORD,
  trader,
  makeTradeApp,
  type TradeTestApp,
} from './trade/trade-helpers.ts';

const N = 120;
let t: TradeTestApp;
let victims: CheapUser[];
let gate: ReturnType<typeof holdHashes> | undefined;

beforeAll(async () => {
  t = await makeTradeApp('hash-starvation');
  victims = Array.from({ length: N }, () => cheapUser(t));
});
afterAll(async () => t.close());
afterEach(() => gate?.close());

const WRONG = 'Wrong phone number or password';
/** Flood logins whose hash ran (answered "wrong") so far. */
let checkedSoFar = 0;

/** Starts the flood with hashes held and waits until every request is queued, running or refused. */
async function floodInPlace() {
  gate = holdHashes();
  checkedSoFar = 0;
  const f = burst(
    victims.map((v, i) => async () => {
      const a = await login(t.app, v.phone, 'Not-the-one1', { ip: `10.50.${i}.1`, lang: 'en-US' });
      if (a.body.msg === WRONG) checkedSoFar++;
      return a;
    }),
  );
  await until(() => f.settled() + inQueue() === N);
  expect(hashQueue.snapshot().running).toBe(2);
  return f;
}

/** Awaits `call` and says how many flood hashes had run by then. */
async function answeredAfter(
  call: Promise<CallResult>,
): Promise<{ answer: CallResult; floodChecked: number }> {
  const answer = await call;
  return { answer, floodChecked: checkedSoFar };
}

it('a login from a known address is served ahead of 120 wrong logins from 120 addresses', async () => {
  const alice = cheapUser(t, 'Lahore-2024', '192.168.7.7');
  const f = await floodInPlace();
  expect(hashQueue.snapshot().waiting.login).toBe(64);
  const call = login(t.app, alice.phone, alice.password, { ip: '192.168.7.7' });
  // the queue was full: the newest flood login made room and was refused as busy
  await until(() => hashQueue.snapshot().waiting.known === 1);
  expect(hashQueue.snapshot().waiting.login).toBe(63);
  gate?.open();
  const { answer, floodChecked } = await answeredAfter(call);
  expect(answer.body.code).toBe(0);
  // served after the two hashes that were running (plus at most one that raced it), not behind 63
  expect(floodChecked).toBeLessThanOrEqual(3);
  const all = await f.all;
  expect(all.filter((a) => a.body.msg === WRONG)).toHaveLength(65);
  expect(all.every((a) => a.body.code === -1001)).toBe(true);
});

it('a second flood from addresses with failures cannot starve a login from a fresh address', async () => {
  const bob = cheapUser(t, 'Multan-2024');
  // every flooding address now has a failure on record (those refused as busy above had none: add one)
  for (const [i, v] of victims.entries()) {
    if (t.app.lockouts.loginPerIp.failures(`10.50.${i}.1`) === 0)
      await login(t.app, v.phone, 'Not-the-one1', { ip: `10.50.${i}.1` });
  }
  const f = await floodInPlace();
  expect(hashQueue.snapshot().waiting.suspect).toBe(64);
  const call = login(t.app, bob.phone, bob.password, { ip: '172.16.0.9' });
  await until(() => hashQueue.snapshot().waiting.login === 1);
  gate?.open();
  const { answer, floodChecked } = await answeredAfter(call);
  expect(answer.body.code).toBe(0);
  expect(floodChecked).toBeLessThanOrEqual(3);
  await f.all;
});

it("a signed-in user's transaction password is checked ahead of the flood", async () => {
  const u = trader(t);
  const f = await floodInPlace();
  const call = post(
    t.app,
    '/api/stock/order/buy',
    {
      symbol: pickStock(t),
      type: 'market',
      qty: '1',
      clientOrderId: newClientOrderId(),
      tradePassword: TRADE_PASSWORD,
    },
    { token: u.tokenDemo },
  );
  await until(() => hashQueue.snapshot().waiting.user === 1);
  gate?.open();
  const { answer, floodChecked } = await answeredAfter(call);
  expect(answer.body.code).toBe(0);
  expect(floodChecked).toBeLessThanOrEqual(3);
  await f.all;
});
