// The hash queue under a flood of wrong logins from 120 addresses against 120 real phones: the queue fills (2
// running, 64 waiting, the rest refused as busy), yet a legitimate login from an address its phone signed in
// from, a login from a fresh address once the flooders have failures, and a signed-in user's transaction
// password are all served next instead of behind the flood. Hashes are held at their start until the flood is
// in place, so the test does not depend on the machine's speed.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { HashLane } from '../../server/domain/auth/hash-queue.ts';
import { hashProbe, hashQueue } from '../../server/domain/auth/password-hash.ts';
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
  victims = [];
  // One after another: the point is the flood of logins below, not a burst of sign-ups.
  for (let i = 0; i < N; i++) victims.push(await cheapUser(t));
});
afterAll(async () => t.close());
afterEach(() => gate?.close());

const WRONG = 'Wrong phone number or password';

/** Starts the flood with hashes held and waits until every request is queued, running or refused. */
async function floodInPlace() {
  gate = holdHashes();
  const f = burst(
    victims.map((v, i) => () => login(t.app, v.phone, 'Not-the-one1', { ip: `10.50.${i}.1`, lang: 'en-US' })),
  );
  await until(() => f.settled() + inQueue() === N);
  expect(hashQueue.snapshot().running).toBe(2);
  return f;
}

/**
 * Opens the gate, awaits `call` and says how many flood hashes began before the caller's own (lane `lane`):
 * the queue's order, read from the order scrypt runs began, not from when answers happen to arrive.
 */
async function servedAfter(
  call: Promise<CallResult>,
  lane: HashLane,
): Promise<{ answer: CallResult; floodBefore: number }> {
  const from = hashProbe.starts.length;
  gate?.open();
  const answer = await call;
  const order = hashProbe.starts.slice(from);
  const own = order.indexOf(lane);
  return { answer, floodBefore: own === -1 ? Infinity : own };
}

it('a login from a known address is served ahead of 120 wrong logins from 120 addresses', async () => {
  const alice = await cheapUser(t, 'Lahore-2024', '192.168.7.7');
  const f = await floodInPlace();
  expect(hashQueue.snapshot().waiting.login).toBe(64);
  const call = login(t.app, alice.phone, alice.password, { ip: '192.168.7.7' });
  // the queue was full: the newest flood login made room and was refused as busy
  await until(() => hashQueue.snapshot().waiting.known === 1);
  expect(hashQueue.snapshot().waiting.login).toBe(63);
  const { answer, floodBefore } = await servedAfter(call, 'known');
  expect(answer.body.code).toBe(0);
  // its hash began right after the two that were running when the gate opened, not behind 63
  expect(floodBefore).toBe(2);
  const all = await f.all;
  expect(all.filter((a) => a.body.msg === WRONG)).toHaveLength(65);
  expect(all.every((a) => a.body.code === -1001)).toBe(true);
});

it('a second flood from addresses with failures cannot starve a login from a fresh address', async () => {
  const bob = await cheapUser(t, 'Multan-2024');
  // every flooding address now has a failure on record (those refused as busy above had none: add one)
  for (const [i, v] of victims.entries()) {
    if ((await t.app.lockouts.loginPerIp.failures(`10.50.${i}.1`)) === 0)
      await login(t.app, v.phone, 'Not-the-one1', { ip: `10.50.${i}.1` });
  }
  const f = await floodInPlace();
  expect(hashQueue.snapshot().waiting.suspect).toBe(64);
  const call = login(t.app, bob.phone, bob.password, { ip: '172.16.0.9' });
  await until(() => hashQueue.snapshot().waiting.login === 1);
  const { answer, floodBefore } = await servedAfter(call, 'login');
  expect(answer.body.code).toBe(0);
  expect(floodBefore).toBe(2);
  await f.all;
});

it("a signed-in user's transaction password is checked ahead of the flood", async () => {
  const u = await trader(t);
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
  const { answer, floodBefore } = await servedAfter(call, 'user');
  expect(answer.body.code).toBe(0);
  expect(floodBefore).toBe(2);
  await f.all;
});
