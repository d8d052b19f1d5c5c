// Crypto deposits (issue 15): addresses generated once in the chain's format, reported transfers, and the
// simulated chain crediting USDT after the configured confirmations exactly once, even with watchers racing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressProblem } from '../../contract/crypto-address.ts';
import { advance, simulateIncoming, watchOnce } from '../../server/domain/deposits/sim-chain.ts';
import { moneyOf } from '../../server/domain/ledger/books.ts';
import { writeSetting } from '../../server/domain/settings/settings-repo.ts';
import { get, makeTestApp, post, registerUser, rowCounts, type TestApp } from './helpers.ts';

let t: TestApp;
let n = 0;
const cid = () => `crypto-client-${Date.now()}-${++n}`;

async function verifiedUser() {
  const u = await registerUser(t.app);
  await t.db.updateTable('users').set({ id_status: 'succ' }).where('id', '=', u.user.id).execute();
  const real = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', u.user.id)
    .where('type', '=', 'real')
    .executeTakeFirstOrThrow();
  return { ...u, realId: real.id };
}

beforeAll(async () => {
  t = await makeTestApp({ SIM_CHAIN_BLOCK_MS: '0', SIM_CHAIN_WATCH_MS: '0' });
  await writeSetting(t.db, 'deposit.crypto.confirmations.TRC20', 3, null, Date.now());
});
afterAll(async () => {
  await t?.close();
});

describe('deposit addresses', () => {
  it('answers null before generate, then one valid address per chain, the same on every call', async () => {
    const u = await verifiedUser();
    for (const chain of ['TRC20', 'ERC20', 'BEP20'] as const) {
      const before = await post(t.app, '/api/coin/recharge/address', { chain }, { token: u.tokenReal });
      expect(before.body.data).toEqual({ chain, address: null });
      const gens = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(t.app, '/api/coin/recharge/address/generate', { chain }, { token: u.tokenReal }),
        ),
      );
      const addresses = new Set(gens.map((g) => g.body.data.address as string));
      expect(addresses.size).toBe(1);
      const [address] = [...addresses];
      expect(addressProblem(chain, address!)).toBeNull();
      const after = await post(t.app, '/api/coin/recharge/address', { chain }, { token: u.tokenReal });
      expect(after.body.data.address).toBe(address);
    }
    const other = await verifiedUser();
    const theirs = await post(
      t.app,
      '/api/coin/recharge/address/generate',
      { chain: 'TRC20' },
      { token: other.tokenReal },
    );
    const mine = await post(t.app, '/api/coin/recharge/address', { chain: 'TRC20' }, { token: u.tokenReal });
    expect(theirs.body.data.address).not.toBe(mine.body.data.address);
  });

  it('refuses a bad chain, the demo account, no KYC and no token, storing nothing', async () => {
    const u = await verifiedUser();
    const fresh = await registerUser(t.app);
    const before = await rowCounts(t.db);
    const bad = await post(
      t.app,
      '/api/coin/recharge/address/generate',
      { chain: 'BTC' },
      { token: u.tokenReal },
    );
    expect(bad.body).toMatchObject({ code: -1001, field: 'chain' });
    const demo = await post(
      t.app,
      '/api/coin/recharge/address/generate',
      { chain: 'TRC20' },
      { token: u.tokenDemo, lang: 'en-US' },
    );
    expect(demo.body).toMatchObject({ code: -1001, msg: 'The demo account has no deposits' });
    const kyc = await post(
      t.app,
      '/api/coin/recharge/address/generate',
      { chain: 'TRC20' },
      { token: fresh.tokenReal, lang: 'en-US' },
    );
    expect(kyc.body).toMatchObject({ code: -1001, msg: 'Please complete KYC first' });
    const none = await post(t.app, '/api/coin/recharge/address/generate', { chain: 'TRC20' });
    expect(none.body.code).toBe(-1000);
    expect(await rowCounts(t.db)).toEqual(before);
    const rows = await t.db
      .selectFrom('crypto_addresses')
      .select('id')
      .where('user_id', 'in', [u.user.id, fresh.user.id])
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('index/recharge/coins lists USDT on three chains with minimum and confirmations', async () => {
    const u = await verifiedUser();
    const r = await get(t.app, '/api/index/recharge/coins', {}, { token: u.tokenReal });
    expect(r.body.data.list).toContainEqual({ coin: 'USDT', chain: 'TRC20', min: '10.00', confirmations: 3 });
    expect(r.body.data.list).toHaveLength(3);
  });
});

describe('the simulated chain', () => {
  it('credits USDT after N confirmations exactly once, matching the reported record, with watchers racing', async () => {
    const u = await verifiedUser();
    const gen = await post(
      t.app,
      '/api/coin/recharge/address/generate',
      { chain: 'TRC20' },
      { token: u.tokenReal },
    );
    const address = gen.body.data.address as string;
    const reported = await post(
      t.app,
      '/api/coin/recharge/add',
      { chain: 'TRC20', amount: '25.5', clientId: cid() },
      { token: u.tokenReal },
    );
    expect(reported.body.data).toMatchObject({
      channel: 'crypto',
      asset: 'USDT',
      amount: '25.500000',
      status: 'pending',
      confirmationsNeeded: 3,
    });
    const transfer = await simulateIncoming(t.db, 'TRC20', address, 25_500_000n, Date.now());
    await advance(t.db, 1, 'TRC20'); // 1 confirmation
    await watchOnce(t.db, Date.now());
    let rec = await get(
      t.app,
      '/api/user/recharge/status',
      { id: String(reported.body.data.id) },
      { token: u.tokenReal },
    );
    expect(rec.body.data).toMatchObject({ status: 'pending', confirmations: 1, txHash: transfer.txHash });
    expect((await moneyOf(t.db, u.realId, 'USDT')).available).toBe(0n);
    await advance(t.db, 2, 'TRC20'); // 3 confirmations
    const passes = await Promise.all(Array.from({ length: 6 }, () => watchOnce(t.db, Date.now())));
    expect(passes.flatMap((p) => p.credited).filter((d) => d.user_id === u.user.id)).toHaveLength(1);
    expect((await moneyOf(t.db, u.realId, 'USDT')).available).toBe(25_500_000n);
    await advance(t.db, 5, 'TRC20');
    await watchOnce(t.db, Date.now());
    expect((await moneyOf(t.db, u.realId, 'USDT')).available).toBe(25_500_000n);
    rec = await get(
      t.app,
      '/api/user/recharge/status',
      { id: String(reported.body.data.id) },
      { token: u.tokenReal },
    );
    expect(rec.body.data).toMatchObject({ status: 'credited', confirmations: 3 });
    const list = await get(t.app, '/api/coin/recharge/order', {}, { token: u.tokenReal });
    expect(list.body.data.total).toBe(1);
  });

  it('an unreported transfer makes its own record; one below the minimum is rejected, not credited', async () => {
    const u = await verifiedUser();
    const gen = await post(
      t.app,
      '/api/coin/recharge/address/generate',
      { chain: 'TRC20' },
      { token: u.tokenReal },
    );
    await simulateIncoming(t.db, 'TRC20', gen.body.data.address, 50_000_000n, Date.now());
    await simulateIncoming(t.db, 'TRC20', gen.body.data.address, 1_000_000n, Date.now());
    await advance(t.db, 3, 'TRC20');
    await watchOnce(t.db, Date.now());
    const list = await get(t.app, '/api/coin/recharge/order', {}, { token: u.tokenReal });
    const statuses = list.body.data.list.map(
      (d: { status: string; amount: string }) => `${d.status}:${d.amount}`,
    );
    expect(statuses.sort()).toEqual(['credited:50.000000', 'rejected:1.000000']);
    expect((await moneyOf(t.db, u.realId, 'USDT')).available).toBe(50_000_000n);
  });

  it('coin/recharge/add refuses bad input and another chain without an address, storing nothing', async () => {
    const u = await verifiedUser();
    await post(t.app, '/api/coin/recharge/address/generate', { chain: 'TRC20' }, { token: u.tokenReal });
    const before = await t.db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, string>, string][] = [
      [{ chain: 'TRC20', amount: '5', clientId: cid() }, 'amount'],
      [{ chain: 'ERC20', amount: '50', clientId: cid() }, 'chain'],
      [{ chain: 'TRC20', amount: '50', clientId: cid(), txHash: `0x${'a'.repeat(64)}` }, 'txHash'],
      [{ chain: 'TRC20', amount: '50', clientId: cid(), txHash: 'xyz' }, 'txHash'],
      [{ chain: 'TRC20', amount: '50.1234567', clientId: cid() }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const r = await post(t.app, '/api/coin/recharge/add', body, { token: u.tokenReal });
      expect(r.body, JSON.stringify(body)).toMatchObject({ code: -1001, field });
    }
    const after = await t.db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
