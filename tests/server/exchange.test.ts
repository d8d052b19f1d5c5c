// PKR ↔ USDT through user/exchange: a quote at the USDT/PKR index ± the spread, then its acceptance exactly
// once through exchange_desk. Every refusal is -1001 with its message and changes nothing; another user's (or
// the other account's) quote reads as missing; an expired or used quote is refused; 100 parallel accepts of one
// quote post one journal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf } from '../../server/domain/auth/users-repo.ts';
import { usdtPkrAt } from '../../server/domain/crypto/usdt-pkr.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { writeSetting } from '../../server/domain/settings/settings-repo.ts';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { newClientId, withdrawCounts, withdrawer, type Withdrawer } from './withdraw-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
});
afterAll(() => t?.close());

const en = { lang: 'en-US' };
const ex = (token: string, body: Record<string, string>, lang = 'en-US') =>
  post(t.app, '/api/user/exchange', body, { lang, token });
const quote = (w: Withdrawer, direction: string, amount: string, token = w.tokenReal) =>
  ex(token, { action: 'quote', direction, amount });
const accept = (w: Withdrawer, quoteId: number | string, clientId = newClientId(), token = w.tokenReal) =>
  ex(token, { action: 'accept', quoteId: String(quoteId), clientId });
/** The field a -1001 names (the envelope's optional `field`). */
const fieldOf = (body: object): unknown => (body as { field?: string }).field;
const money = (accountId: number, asset: string) => t.app.ledger.money(accountId, asset);

async function counts(): Promise<Record<string, number>> {
  const base = await withdrawCounts(t.db);
  const q = await t.db
    .selectFrom('exchange_quotes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accepted_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return { ...base, acceptedQuotes: Number(q.n) };
}

describe('user/exchange quote', () => {
  it('quotes PKR → USDT at the index plus the spread, fee 0, honoured for 10 s', async () => {
    const w = await withdrawer(t, { pkr: 10_000_000n });
    const before = Date.now();
    const res = await quote(w, 'PKR_USDT', '10000');
    expect(res.body.code).toBe(0);
    const q = res.body.data;
    expect(q).toMatchObject({ from: 'PKR', to: 'USDT', amount: '10000.00', fee: '0.00', spreadBps: 50 });
    expect(q.status).toBe('quoted');
    expect(q.acceptedAt).toBeNull();
    const idx = BigInt(q.index.replace('.', ''));
    const rate = BigInt(q.rate.replace('.', ''));
    expect(idx).toBeGreaterThanOrEqual(usdtPkrAt(before) - 100n);
    expect(rate).toBe((idx * 10_050n) / 10_000n); // floor: toward the buyer
    // receive = ceil(10000 / rate) at 6 places
    const exact = 1_000_000n * 100_000_000n;
    const receive = BigInt(q.receive.replace('.', ''));
    expect(receive * rate >= exact && (receive - 1n) * rate < exact).toBe(true);
    expect(q.expiresAt - before).toBeGreaterThanOrEqual(10_000);
    expect(q.expiresAt - Date.now()).toBeLessThanOrEqual(10_000);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const w = await withdrawer(t, { pkr: 10_000_000n, usdt: 100_000_000n });
    const before = await t.db
      .selectFrom('exchange_quotes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: Array<[Record<string, string>, string, string | undefined]> = [
      [
        { action: 'quote', amount: '1000' },
        'Choose what to exchange: PKR to USDT or USDT to PKR',
        'direction',
      ],
      [{ action: 'quote', direction: 'PKR_USDT' }, 'Please enter the amount to exchange', 'amount'],
      [
        { action: 'quote', direction: 'PKR_USDT', amount: '0' },
        'Please enter the amount to exchange',
        'amount',
      ],
      [
        { action: 'quote', direction: 'PKR_USDT', amount: '1000.001' },
        'PKR amounts have at most 2 decimals',
        'amount',
      ],
      [
        { action: 'quote', direction: 'PKR_USDT', amount: '499.99' },
        'The minimum exchange is 500.00 PKR',
        'amount',
      ],
      [
        { action: 'quote', direction: 'PKR_USDT', amount: '5000000.01' },
        'The maximum for one exchange is 5000000.00 PKR',
        'amount',
      ],
      [{ action: 'quote', direction: 'USDT_PKR', amount: '1.5' }, 'The minimum exchange is 2 USDT', 'amount'],
      [
        { action: 'quote', direction: 'USDT_PKR', amount: '20000.000001' },
        'The maximum for one exchange is 20000 USDT',
        'amount',
      ],
      [{ action: 'accept', clientId: newClientId() }, 'Please get a quote first', 'quoteId'],
    ];
    for (const [body, message, field] of cases) {
      const res = await ex(w.tokenReal, body);
      expect(res.status).toBe(200);
      expect(res.body.code, JSON.stringify(body)).toBe(-1001);
      expect(res.body.msg).toBe(message);
      if (field) expect(fieldOf(res.body)).toBe(field);
    }
    for (const body of [
      { action: 'swap', direction: 'PKR_USDT', amount: '1000' },
      { action: 'quote', direction: 'PKR_BTC', amount: '1000' },
      { action: 'quote', direction: 'PKR_USDT', amount: '-1000' },
      { action: 'quote', direction: 'PKR_USDT', amount: '1e5' },
      { action: 'accept', quoteId: '0', clientId: newClientId() },
      { action: 'accept', quoteId: '1', clientId: 'short' },
    ]) {
      const res = await ex(w.tokenReal, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.code).toBe(-1001);
    }
    const ur = await ex(w.tokenReal, { action: 'quote', direction: 'PKR_USDT', amount: '0' }, 'ur-PK');
    expect(ur.body.msg).toBe('براہ کرم تبادلے کی رقم درج کریں');
    const after = await t.db
      .selectFrom('exchange_quotes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('needs KYC on the real account but not on the demo account; -1000 without a token', async () => {
    const w = await withdrawer(t, { kyc: false, pkr: 10_000_000n });
    const real = await quote(w, 'PKR_USDT', '1000');
    expect(real.body.code).toBe(-1001);
    expect(real.body.msg).toBe('Please complete KYC first');
    const demo = await quote(w, 'PKR_USDT', '1000', w.tokenDemo);
    expect(demo.body.code).toBe(0);
    const anon = await post(t.app, '/api/user/exchange', { action: 'quote' }, en);
    expect(anon.body.code).toBe(-1000);
  });
});

describe('user/exchange accept', () => {
  it('moves PKR from the stock account to USDT in the spot account through exchange_desk, once', async () => {
    const w = await withdrawer(t, { pkr: 10_000_000n });
    const q = (await quote(w, 'PKR_USDT', '20000.50')).body.data;
    const clientId = newClientId();
    const res = await accept(w, q.quoteId, clientId);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      quoteId: q.quoteId,
      status: 'done',
      receive: q.receive,
      rate: q.rate,
    });
    expect(typeof res.body.data.acceptedAt).toBe('number');
    const receive = BigInt(q.receive.replace('.', ''));
    expect(await money(w.accountId, 'PKR')).toMatchObject({ available: 10_000_000n - 2_000_050n });
    expect(await money(w.accountId, 'USDT')).toMatchObject({ available: receive });
    // the same clientId again answers the same and moves nothing
    const again = await accept(w, q.quoteId, clientId);
    expect(again.body.data).toEqual(res.body.data);
    expect(await money(w.accountId, 'USDT')).toMatchObject({ available: receive });
    // another clientId: used
    const other = await accept(w, q.quoteId);
    expect(other.body.msg).toBe('This quote has already been used; please get a new quote');
    // the journal: balanced through exchange_desk
    const legs = await t.db
      .selectFrom('ledger_journals as j')
      .innerJoin('ledger_postings as p', 'p.journal_id', 'j.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.ledger_account_id')
      .select(['j.kind', 'a.name', 'p.asset', 'p.amount'])
      .where('j.ref', '=', `exchange:${q.quoteId}`)
      .execute();
    expect(legs).toHaveLength(4);
    expect(legs.every((l) => l.kind === 'exchange_pkr_usdt')).toBe(true);
    expect(legs.filter((l) => l.name === 'exchange_desk')).toHaveLength(2);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
    // the funds details show it as an exchange
    const pkr = await get(t.app, '/api/user/tx/record', { type: 'exchange' }, { ...en, token: w.tokenReal });
    expect(pkr.body.data.list[0]).toMatchObject({ type: 'exchange', amount: '-20000.50' });
    const usdt = await get(t.app, '/api/coin/tx/record', { account: 'spot' }, { ...en, token: w.tokenReal });
    expect(usdt.body.data.list[0]).toMatchObject({ type: 'exchange', amount: q.receive, balance: q.receive });
  });

  it('sells USDT for PKR at the index minus the spread', async () => {
    const w = await withdrawer(t, { usdt: 50_000_000n });
    const q = (await quote(w, 'USDT_PKR', '50')).body.data;
    expect(q).toMatchObject({ from: 'USDT', to: 'PKR', amount: '50.000000' });
    const idx = BigInt(q.index.replace('.', ''));
    const rate = BigInt(q.rate.replace('.', ''));
    expect(rate).toBe((idx * 9_950n + 9_999n) / 10_000n); // ceil: toward the seller
    expect((await accept(w, q.quoteId)).body.code).toBe(0);
    expect(await money(w.accountId, 'USDT')).toMatchObject({ available: 0n });
    expect((await money(w.accountId, 'PKR')).available).toBe(BigInt(q.receive.replace('.', '')));
  });

  it('refuses another user’s quote, the other account’s, an expired one and a short balance, changing nothing', async () => {
    const a = await withdrawer(t, { pkr: 10_000_000n });
    const b = await withdrawer(t, { pkr: 10_000_000n });
    const q = (await quote(a, 'PKR_USDT', '1000')).body.data;
    const before = await counts();
    const foreign = await accept(b, q.quoteId);
    expect(foreign.body.msg).toBe('This quote does not exist; please get a new quote');
    expect(fieldOf(foreign.body)).toBe('quoteId');
    const demo = await accept(a, q.quoteId, newClientId(), a.tokenDemo);
    expect(demo.body.msg).toBe('This quote does not exist; please get a new quote');
    await t.db
      .updateTable('exchange_quotes')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', q.quoteId)
      .execute();
    const expired = await accept(a, q.quoteId);
    expect(expired.body.msg).toBe('This quote has expired; please get a new quote');
    const big = (await quote(a, 'PKR_USDT', '100000.01')).body.data;
    const short = await accept(a, big.quoteId);
    expect(short.body.msg).toBe('Insufficient Balance');
    expect(await counts()).toEqual(before);
    expect(await money(a.accountId, 'PKR')).toMatchObject({ available: 10_000_000n });
  });

  it('100 parallel accepts of one quote (any clientIds) post one journal', async () => {
    const w = await withdrawer(t, { pkr: 10_000_000n });
    const q = (await quote(w, 'PKR_USDT', '5000')).body.data;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => accept(w, q.quoteId, `burst-${q.quoteId}-${i % 3}`)),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const done = answers.filter((r) => r.body.code === 0);
    const refused = answers.filter((r) => r.body.code === -1001);
    expect(done.length + refused.length).toBe(100);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(new Set(done.map((r) => r.body.data.acceptedAt)).size).toBe(1);
    expect(
      refused.every((r) => r.body.msg === 'This quote has already been used; please get a new quote'),
    ).toBe(true);
    const journals = await t.db
      .selectFrom('ledger_journals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ref', '=', `exchange:${q.quoteId}`)
      .executeTakeFirstOrThrow();
    expect(Number(journals.n)).toBe(1);
    expect(await money(w.accountId, 'PKR')).toMatchObject({ available: 10_000_000n - 500_000n });
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('honours the settings: quote seconds and spread', async () => {
    await writeSetting(t.db, 'exchange.spreadBps', 0, null, Date.now());
    await writeSetting(t.db, 'exchange.quoteSeconds', 30, null, Date.now());
    try {
      const w = await withdrawer(t, { pkr: 10_000_000n });
      const demoAccount = (await accountIdOf(t.db, w.userId, 'demo'))!;
      expect(demoAccount).not.toBe(w.accountId);
      const q = (await quote(w, 'PKR_USDT', '1000')).body.data;
      expect(q.spreadBps).toBe(0);
      expect(q.rate).toBe(q.index);
      expect(q.expiresAt - Date.now()).toBeGreaterThan(20_000);
    } finally {
      await writeSetting(t.db, 'exchange.spreadBps', 50, null, Date.now());
      await writeSetting(t.db, 'exchange.quoteSeconds', 10, null, Date.now());
    }
  });
});
