// coin/transfer (USDT between the spot and the contract account, no fee, clientId idempotent), coin/assets
// (the three accounts and their valuations) and coin/tx/record (the crypto funds detail of either account).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractBooks } from '../../server/domain/crypto/coin-assets.ts';
import { usdtPkrAt } from '../../server/domain/crypto/usdt-pkr.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { newClientId, withdrawCounts, withdrawer, type Withdrawer } from './withdraw-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
});
afterAll(() => t?.close());

const en = { lang: 'en-US' };
const transfer = (w: Withdrawer, body: Record<string, string>, token = w.tokenReal) =>
  post(
    t.app,
    '/api/coin/transfer',
    { from: 'spot', to: 'contract', amount: '10', clientId: newClientId(), ...body },
    { ...en, token },
  );
const spot = async (w: Withdrawer) => (await t.app.ledger.money(w.accountId, 'USDT')).available;
const contract = async (w: Withdrawer) => (await contractBooks(t.db, w.accountId)).available;

describe('coin/transfer', () => {
  it('moves USDT spot → contract and back with no fee, shown in both funds details', async () => {
    const w = await withdrawer(t, { usdt: 100_000_000n });
    const res = await transfer(w, { amount: '60.5' });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ from: 'spot', to: 'contract', asset: 'USDT', amount: '60.500000' });
    expect(await spot(w)).toBe(39_500_000n);
    expect(await contract(w)).toBe(60_500_000n);
    const back = await transfer(w, { from: 'contract', to: 'spot', amount: '0.5' });
    expect(back.body.code).toBe(0);
    expect(await spot(w)).toBe(40_000_000n);
    expect(await contract(w)).toBe(60_000_000n);
    const c = await get(t.app, '/api/coin/tx/record', { account: 'contract' }, { ...en, token: w.tokenReal });
    expect(c.body.data.total).toBe(2);
    expect(c.body.data.list[0]).toMatchObject({
      type: 'transfer',
      amount: '-0.500000',
      balance: '60.000000',
    });
    const s = await get(t.app, '/api/coin/tx/record', { type: 'transfer' }, { ...en, token: w.tokenReal });
    expect(s.body.data.list.map((r: { amount: string }) => r.amount)).toEqual(['0.500000', '-60.500000']);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('refuses the same account twice, zero, junk and a short balance, changing nothing', async () => {
    const w = await withdrawer(t, { usdt: 10_000_000n });
    const before = await withdrawCounts(t.db);
    const same = await transfer(w, { to: 'spot' });
    expect(same.body.msg).toBe('Choose two different accounts');
    const zero = await transfer(w, { amount: '0' });
    expect(zero.body.msg).toBe('Please enter the amount to transfer');
    const short = await transfer(w, { amount: '10.000001' });
    expect(short.body.msg).toBe('Insufficient Balance');
    const fromContract = await transfer(w, { from: 'contract', to: 'spot', amount: '1' });
    expect(fromContract.body.msg).toBe('Insufficient Balance');
    const ur = await post(
      t.app,
      '/api/coin/transfer',
      { from: 'spot', to: 'contract', amount: '11', clientId: newClientId() },
      { lang: 'ur-PK', token: w.tokenReal },
    );
    expect(ur.body.msg).toBe('بیلنس ناکافی ہے');
    for (const body of [
      { from: 'stock' },
      { amount: '1.0000001' },
      { amount: '-1' },
      { amount: '1e3' },
      { clientId: 'x' },
    ]) {
      const res = await transfer(w, body);
      expect(res.status).toBe(200);
      expect(res.body.code, JSON.stringify(body)).toBe(-1001);
    }
    expect(await withdrawCounts(t.db)).toEqual(before);
    expect(await spot(w)).toBe(10_000_000n);
    const anon = await post(t.app, '/api/coin/transfer', {}, en);
    expect(anon.body.code).toBe(-1000);
  });

  it('100 parallel submits of one clientId are one transfer; the demo account is separate', async () => {
    const w = await withdrawer(t, { usdt: 10_000_000n });
    const clientId = newClientId();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => transfer(w, { amount: '1', clientId })),
    );
    expect(answers.every((r) => r.body.code === 0)).toBe(true);
    expect(new Set(answers.map((r) => r.body.data.id)).size).toBe(1);
    expect(await spot(w)).toBe(9_000_000n);
    expect(await contract(w)).toBe(1_000_000n);
    // the same clientId on the demo account is that account's own (and it has no USDT)
    const demo = await transfer(w, { amount: '1', clientId }, w.tokenDemo);
    expect(demo.body.msg).toBe('Insufficient Balance');
  });
});

describe('coin/assets', () => {
  it('answers the three accounts with valuations in USDT and PKR', async () => {
    const w = await withdrawer(t, { pkr: 2_815_000n, usdt: 10_000_000n });
    await transfer(w, { amount: '4' });
    const res = await post(t.app, '/api/coin/assets', {}, { ...en, token: w.tokenReal });
    expect(res.body.code).toBe(0);
    const a = res.body.data;
    const idx = BigInt(a.usdtPkr.replace('.', ''));
    expect(idx).toBeGreaterThanOrEqual(usdtPkrAt(a.at) - 0n);
    expect(a.stock).toMatchObject({
      asset: 'PKR',
      available: '28150.00',
      frozen: '0.00',
      valuePkr: '28150.00',
    });
    // PKR 28,150 / index, truncated to 6 places
    expect(BigInt(a.stock.valueUsdt.replace('.', ''))).toBe((2_815_000n * 10n ** 8n) / idx);
    expect(a.spot.assets[0]).toMatchObject({
      asset: 'USDT',
      available: '6.000000',
      price: '1',
      valueUsdt: '6.000000',
    });
    expect(a.contract).toMatchObject({ available: '4.000000', frozen: '0.000000', margin: '0.000000' });
    // 4 USDT × index, truncated to paisa
    expect(BigInt(a.contract.valuePkr.replace('.', ''))).toBe((4_000_000n * idx) / 10n ** 8n);
    expect(a.spot.valueUsdt).toBe('6.000000');
    const totalPkr = BigInt(a.totalPkr.replace('.', ''));
    expect(totalPkr).toBe(2_815_000n + (10_000_000n * idx) / 10n ** 8n);
  });

  it('values a coin at its pair’s last price', async () => {
    const w = await withdrawer(t, {});
    const { postRecord } = await import('../../server/domain/ledger/post.ts');
    await postRecord(t.db, {
      kind: 'test_grant',
      ref: `grant-btc:${newClientId()}`,
      accountId: w.accountId,
      now: Date.now(),
      legs: [
        { system: 'test_funding', asset: 'BTC', amount: -50_000n },
        { accountId: w.accountId, book: 'cash', asset: 'BTC', amount: 50_000n },
      ],
    });
    const res = await post(t.app, '/api/coin/assets', {}, { ...en, token: w.tokenReal });
    const btc = res.body.data.spot.assets.find((x: { asset: string }) => x.asset === 'BTC');
    expect(btc.available).toBe('0.50000');
    const price = t.app.market.ticker('BTCUSDT')!.p;
    expect(Number(btc.price)).toBeGreaterThan(0);
    // 0.5 × price (the answer's own price), truncated to 6 places
    const [int, frac = ''] = btc.price.split('.');
    const priceUnits = BigInt(int + frac.padEnd(8, '0'));
    expect(BigInt(btc.valueUsdt.replace('.', ''))).toBe((50_000n * priceUnits) / 10n ** 7n);
    expect(price).toMatch(/^\d+\.\d+$/);
  });
});
