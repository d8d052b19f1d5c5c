// Block trades through the API (stock/bulk/list, info, stock/order/bulk/buy, stock/order/trade/list) and the
// console (/admin/api/bulk/…): a VIP buy debits price × qty + fees, credits locked shares with the block's own
// unlock time, every refusal is -1001 with its message and changes nothing, another user's clientId is not
// theirs, a repeated clientId is one buy, and 100 concurrent buys of the last lot sell exactly the block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockUntil } from '../../server/domain/bulk/bulk-math.ts';
import { calcFees, feeTotal } from '../../server/domain/trading/fees.ts';
import { userAcct } from '../../server/domain/ledger/books.ts';
import { balanceOf } from '../../server/domain/ledger/ledger-repo.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { TRADE_PASSWORD } from '../support/cheap-trader.ts';
import { asOperator, cookieOf, makeOperator } from './console-helpers.ts';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { block, bulkCounts, SYMBOL, vipBuyer } from './bulk-helpers.ts';
import { HOUR } from './ipo-helpers.ts';
import type { Subscriber } from './ipo-helpers.ts';
import { newClientId } from './withdraw-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
});
afterAll(() => t?.close());

const en = { lang: 'en-US' };
const buy = (s: Subscriber, blockId: number, body: Record<string, string> = {}, token = s.tokenReal) =>
  post(
    t.app,
    '/api/stock/order/bulk/buy',
    { blockId: String(blockId), qty: '100', clientId: newClientId(), tradePassword: TRADE_PASSWORD, ...body },
    { ...en, token },
  );
const lockedShares = async (accountId: number) =>
  balanceOf(t.db, await userAcct(t.db, accountId, 'shares_locked'), SYMBOL);

describe('stock/order/bulk/buy', () => {
  it('debits price × qty + fees, credits locked shares until the lock date; list, info and orders show it', async () => {
    const b = await block(t);
    expect(b.price).toBe((b.ref_close * 9000n) / 10000n);
    const s = await vipBuyer(t, { pkr: 100_000_000n });
    const before = await t.app.ledger.money(s.accountId);
    const res = await buy(s, b.id, { qty: '300' });
    expect(res.body.code).toBe(0);
    const amount = b.price * 300n;
    const fee = feeTotal(calcFees('buy', amount, 300n, t.config.fees));
    const unlockAt = res.body.data.unlockAt as number;
    expect(res.body.data).toMatchObject({
      blockId: b.id,
      symbol: SYMBOL,
      qty: 300,
      discountPct: '10.00',
      locked: true,
    });
    expect(res.body.data.total).toBe((Number(amount + fee) / 100).toFixed(2));
    expect(unlockAt).toBe(lockUntil(res.body.data.createdAt as number, 5));
    expect(unlockAt).toBeGreaterThan(Date.now() + 4 * 24 * HOUR);
    expect((await t.app.ledger.money(s.accountId)).available).toBe(before.available - amount - fee);
    expect(await lockedShares(s.accountId)).toBe(300n);
    const lock = await t.db
      .selectFrom('share_locks')
      .selectAll()
      .where('account_id', '=', s.accountId)
      .executeTakeFirstOrThrow();
    expect(lock).toMatchObject({ symbol: SYMBOL, qty: 300n, unlock_at: unlockAt, released_at: null });
    const hold = await get(t.app, '/api/stock/hold/info', { symbol: SYMBOL }, { ...en, token: s.tokenReal });
    expect(hold.body.data).toMatchObject({ qty: '300', locked: '300', available: '0' });
    const info = await get(
      t.app,
      '/api/stock/bulk/info',
      { id: String(b.id) },
      { ...en, token: s.tokenReal },
    );
    expect(info.body.data).toMatchObject({
      state: 'open',
      sold: 300,
      remaining: 700,
      lot: 100,
      vipOnly: true,
    });
    const list = await get(t.app, '/api/stock/bulk/list', {}, { ...en, token: s.tokenReal });
    expect(list.body.data.map((x: { id: number }) => x.id)).toContain(b.id);
    const mine = await get(t.app, '/api/stock/order/trade/list', {}, { ...en, token: s.tokenReal });
    expect(mine.body.data).toMatchObject({ total: 1, page: 1, size: 20 });
    expect(mine.body.data.list[0]).toMatchObject({ id: res.body.data.id, qty: 300, unlockAt });
    const order = await t.db
      .selectFrom('stock_orders')
      .selectAll()
      .where('id', '=', res.body.data.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'filled', filled_qty: 300n, side: 'buy', price: b.price });
    const locks = await get(
      t.app,
      '/api/stock/hold/locks',
      { symbol: SYMBOL },
      { ...en, token: s.tokenReal },
    );
    expect(locks.body.data).toEqual([{ qty: 300, unlockAt, kind: 'block' }]);
    const other = await vipBuyer(t);
    const none = await get(
      t.app,
      '/api/stock/hold/locks',
      { symbol: SYMBOL },
      { ...en, token: other.tokenReal },
    );
    expect(none.body.data).toEqual([]);
    expect((await get(t.app, '/api/stock/hold/locks', { symbol: 'bad sym' }, en)).body.code).not.toBe(0);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('buys the whole block; the demo account buys with demo money', async () => {
    const b = await block(t, { shares: '500', lot: '500' });
    const s = await vipBuyer(t);
    const demoBefore = await t.app.ledger.money(s.demoAccountId);
    const res = await buy(s, b.id, { qty: '500' }, s.tokenDemo);
    expect(res.body.code).toBe(0);
    expect((await t.app.ledger.money(s.demoAccountId)).available).toBeLessThan(demoBefore.available);
    expect(await lockedShares(s.demoAccountId)).toBe(500n);
    expect(await lockedShares(s.accountId)).toBe(0n);
    const info = await get(
      t.app,
      '/api/stock/bulk/info',
      { id: String(b.id) },
      { ...en, token: s.tokenDemo },
    );
    expect(info.body.data).toMatchObject({ state: 'sold_out', remaining: 0 });
    const again = await buy(s, b.id, { qty: '500' }, s.tokenDemo);
    expect(again.body).toMatchObject({ code: -1001, msg: 'This block is sold out' });
  });

  it('refuses bad input, non-VIP, no KYC, wrong lots, closed windows and short money, changing nothing', async () => {
    const b = await block(t);
    const later = await block(t, { opensAt: String(Date.now() + HOUR) });
    const s = await vipBuyer(t, { pkr: 100_000_000n });
    const plain = await vipBuyer(t, { pkr: 100_000_000n, vip: false });
    const noKyc = await vipBuyer(t, { pkr: 100_000_000n, kyc: false });
    const poor = await vipBuyer(t, { pkr: 100n });
    const before = await bulkCounts(t);
    const cases: [Promise<{ body: { code: number; msg: string } }>, string][] = [
      [buy(plain, b.id), 'Please become a VIP member first before you can view it.'],
      [buy(noKyc, b.id), 'Please complete KYC first'],
      [buy(s, b.id, { qty: '150' }), 'Buy a multiple of 100 shares'],
      [buy(s, b.id, { qty: '1100' }), 'Only 1000 shares of this block are left'],
      [buy(s, 999_999), 'This block trade does not exist'],
      [buy(s, later.id), 'This block is not on offer now'],
      [buy(s, b.id, { tradePassword: '000000' }), ''],
      [buy(poor, b.id), 'The current account is insufficient for'],
      [buy(s, b.id, { qty: 'abc' }), ''],
      [buy(s, b.id, { blockId: '' }), ''],
      [buy(s, b.id, { clientId: 'x' }), ''],
    ];
    for (const [call, msg] of cases) {
      const res = await call;
      expect(res.body.code).toBe(-1001);
      expect(res.body.msg).toContain(msg);
    }
    const ur = await post(
      t.app,
      '/api/stock/order/bulk/buy',
      { blockId: String(b.id), qty: '150', clientId: newClientId(), tradePassword: TRADE_PASSWORD },
      { lang: 'ur-PK', token: s.tokenReal },
    );
    expect(ur.body.msg).toBe('100 حصص کے گنا میں خریدیں');
    expect(await bulkCounts(t)).toEqual(before);
    const closed = await block(t);
    await t.db.updateTable('bulk_blocks').set({ phase: 'closed' }).where('id', '=', closed.id).execute();
    expect((await buy(s, closed.id)).body.msg).toBe('This block is not on offer now');
    expect(await bulkCounts(t)).toEqual(before);
  });

  it("another user's clientId is not theirs; their orders are not listed; a repeated clientId is one buy", async () => {
    const b = await block(t);
    const a = await vipBuyer(t, { pkr: 100_000_000n });
    const other = await vipBuyer(t, { pkr: 100_000_000n });
    const clientId = newClientId();
    const first = await buy(a, b.id, { clientId });
    const repeat = await Promise.all(Array.from({ length: 20 }, () => buy(a, b.id, { clientId })));
    for (const r of repeat) expect(r.body.data.id).toBe(first.body.data.id);
    const theirs = await buy(other, b.id, { clientId });
    expect(theirs.body.code).toBe(0);
    expect(theirs.body.data.id).not.toBe(first.body.data.id);
    const list = await get(t.app, '/api/stock/order/trade/list', {}, { ...en, token: other.tokenReal });
    expect(list.body.data.list.map((o: { id: number }) => o.id)).toEqual([theirs.body.data.id]);
    const info = await get(
      t.app,
      '/api/stock/bulk/info',
      { id: String(b.id) },
      { ...en, token: a.tokenReal },
    );
    expect(info.body.data.sold).toBe(200);
  });

  it('100 concurrent buys of the last lot sell exactly the block', async () => {
    const b = await block(t, { shares: '1000', lot: '100' });
    const first = await vipBuyer(t, { pkr: 100_000_000n });
    expect((await buy(first, b.id, { qty: '900' })).body.code).toBe(0);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => vipBuyer(t, { pkr: 100_000_000n })));
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => buy(buyers[i % buyers.length]!, b.id)),
    );
    const won = results.filter((r) => r.body.code === 0);
    expect(won).toHaveLength(1);
    for (const r of results) if (r.body.code !== 0) expect(r.body.msg).toMatch(/sold out|Only 0 shares/);
    const sold = await t.db
      .selectFrom('bulk_orders')
      .select((eb) => eb.fn.sum<number>('shares').as('n'))
      .where('block_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(1000);
    const row = await t.db
      .selectFrom('bulk_blocks')
      .select('sold')
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(row.sold).toBe(1000);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('needs a signed-in caller; an unknown id is refused on its field', async () => {
    expect((await get(t.app, '/api/stock/bulk/list', {}, en)).body.code).not.toBe(0);
    const s = await vipBuyer(t);
    const res = await get(t.app, '/api/stock/bulk/info', { id: '999999' }, { ...en, token: s.tokenReal });
    expect(res.body).toMatchObject({ code: -1001, msg: 'This block trade does not exist' });
  });
});

describe('console /admin/api/bulk', () => {
  it('creates (audited), refuses bad blocks, lists, closes and shows buyers; other roles are refused', async () => {
    const finance = asOperator(await cookieOf(t, await makeOperator(t, 'finance')));
    const kyc = asOperator(await cookieOf(t, await makeOperator(t, 'kyc')));
    const form = {
      symbol: SYMBOL,
      shares: '2000',
      lot: '500',
      discountPct: '7.5',
      hours: '3',
      lockDays: '10',
    };
    expect((await post(t.app, '/admin/api/bulk/blocks', form, kyc)).body.code).toBe(-1001);
    for (const [over, msg] of [
      [{ lot: '300' }, 'whole number of lots'],
      [{ symbol: 'NOPE' }, 'No listed stock'],
      [{ discountPct: '100' }, 'discount'],
      [{ price: '10', discountPct: '5' }, 'not both'],
      [{ lockDays: '400' }, 'lock period'],
    ] as const) {
      const bad = await post(
        t.app,
        '/admin/api/bulk/blocks',
        { ...form, ...over },
        { ...finance, lang: 'en-US' },
      );
      expect(bad.body.code).toBe(-1001);
      expect(bad.body.msg).toContain(msg);
    }
    const created = await post(t.app, '/admin/api/bulk/blocks', form, finance);
    expect(created.body.data).toMatchObject({
      symbol: SYMBOL,
      discountPct: '7.50',
      state: 'open',
      lockDays: 10,
    });
    const id = created.body.data.id as number;
    const fixed = await post(
      t.app,
      '/admin/api/bulk/blocks',
      { ...form, discountPct: '', price: '50.00' },
      finance,
    );
    expect(fixed.body.data).toMatchObject({ priceMode: 'fixed', price: '50.00' });
    const s = await vipBuyer(t, { pkr: 100_000_000n });
    expect((await buy(s, id, { qty: '500' })).body.code).toBe(0);
    const buyers = await get(t.app, '/admin/api/bulk/blocks/buyers', { id: String(id) }, finance);
    expect(buyers.body.data.buyers).toMatchObject([{ userId: s.userId, qty: 500, accountType: 'real' }]);
    const closed = await post(t.app, '/admin/api/bulk/blocks/close', { id: String(id) }, finance);
    expect(closed.body.data.state).toBe('closed');
    const twice = await post(
      t.app,
      '/admin/api/bulk/blocks/close',
      { id: String(id) },
      { ...finance, lang: 'en-US' },
    );
    expect(twice.body.msg).toBe('This block is already closed');
    const list = await get(t.app, '/admin/api/bulk/blocks', {}, finance);
    expect(list.body.data.map((x: { id: number }) => x.id)).toContain(id);
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject_type', '=', 'bulk_block')
      .where('subject_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['bulk.create', 'bulk.close']);
  });
});
