// The back office against the real app: a confirmed deposit is one balanced journal into the REAL cash book
// (idempotent by reference, refusals change nothing), a KYC decision shows in user/info, and together they
// let a real account buy at market over HTTP, with the deposit and the buy in the funds detail.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../workers/protocol/market.ts';
import type { Assets, StockOrder, TxRecord } from '../../workers/protocol/trade.ts';
import { creditDeposit, type DepositInput } from '../../server/domain/backoffice/deposits.ts';
import { setKycStatus } from '../../server/domain/backoffice/kyc.ts';
import { BackofficeError } from '../../server/domain/backoffice/user-ref.ts';
import { accountIdOf, findUserById } from '../../server/domain/auth/users-repo.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../server/domain/trading/consistency.ts';
import { cashOf } from '../../server/domain/ledger/books.ts';
import type { IdStatus } from '../../workers/protocol/api.ts';
import { get, post } from './helpers.ts';
import {
  newClientOrderId,
  tableCounts,
  TRADE_PASSWORD,
  trader,
  tradeSetup,
  type TradeTestApp,
} from './trade/trade-helpers.ts';

let t: TradeTestApp;
let sym: string;
const en = (token: string) => ({ token, lang: 'en-US' });

beforeAll(async () => {
  ({ t, sym } = await tradeSetup('backoffice'));
});
afterAll(async () => t.close());

/** A fresh user; their phone in the 3XXXXXXXXX form the operator types, and both account ids. */
async function customer() {
  const tr = await trader(t);
  const phone = (await findUserById(t.db, tr.userId))!.phone.slice(3);
  return {
    ...tr,
    phone,
    realId: (await accountIdOf(t.db, tr.userId, 'real'))!,
    demoId: (await accountIdOf(t.db, tr.userId, 'demo'))!,
  };
}

const kycRows = async () => (await t.db.selectFrom('kyc_reviews').select('id').execute()).length;
const state = async () => ({
  counts: await tableCounts(t.db),
  kyc: await kycRows(),
  balances: await t.db
    .selectFrom('ledger_balances')
    .selectAll()
    .orderBy('ledger_account_id')
    .orderBy('asset')
    .execute(),
});

async function refusal(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof BackofficeError) return e.reason;
    throw e;
  }
  throw new Error('not refused');
}

describe('creditDeposit', () => {
  it('posts one balanced journal from the clearing account to the real cash book', async () => {
    const c = await customer();
    const r = await creditDeposit(
      t.db,
      { phone: c.phone, amountPaisa: 5_000_000n, reference: 'BANK-1', channel: 'bank' },
      1_000,
    );
    expect(r).toMatchObject({
      created: true,
      userId: c.userId,
      accountId: c.realId,
      balancePaisa: 5_000_000n,
    });
    const postings = await t.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.ledger_account_id')
      .select(['a.owner', 'a.name', 'a.account_id as accountId', 'p.asset', 'p.amount'])
      .where('p.journal_id', '=', r.journalId)
      .orderBy('p.amount')
      .execute();
    expect(postings).toEqual([
      { owner: 'system', name: 'clearing_bank', accountId: null, asset: 'PKR', amount: -5_000_000n },
      { owner: 'user', name: 'cash', accountId: c.realId, asset: 'PKR', amount: 5_000_000n },
    ]);
    expect(
      await t.db
        .selectFrom('ledger_journals')
        .select(['kind', 'ref', 'created_at'])
        .where('id', '=', r.journalId)
        .executeTakeFirst(),
    ).toEqual({
      kind: 'deposit',
      ref: 'BANK-1',
      created_at: 1_000,
    });
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
    expect((await tradingSelfCheck(t.db)).ok).toBe(true);
    // the real account shows it; the demo account keeps only its virtual funds
    const real = await get<Assets>(t.app, '/api/user/assets', {}, en(c.tokenReal));
    expect(real.body.data).toMatchObject({ accountType: 'real', available: '50000.00', total: '50000.00' });
    const demo = await get<Assets>(t.app, '/api/user/assets', {}, en(c.tokenDemo));
    expect(demo.body.data.available).toBe('1000000.00');
    const tx = await get<Page<TxRecord>>(t.app, '/api/user/tx/record', { type: 'deposit' }, en(c.tokenReal));
    expect(tx.body.data.list).toEqual([
      expect.objectContaining({ type: 'deposit', amount: '50000.00', balance: '50000.00', createdAt: 1_000 }),
    ]);
  });

  it('credits a reference once, whoever repeats it and however the phone is written', async () => {
    const c = await customer();
    const input: DepositInput = {
      phone: c.phone,
      amountPaisa: 123_456n,
      reference: 'OFF-77',
      channel: 'offline',
    };
    const first = await creditDeposit(t.db, input);
    const before = await state();
    const again = await creditDeposit(t.db, { ...input, phone: `0${c.phone}` });
    const byId = await creditDeposit(t.db, {
      userId: c.userId,
      amountPaisa: 123_456,
      reference: 'OFF-77',
      channel: 'offline',
    });
    expect(again).toEqual({ ...first, created: false });
    expect(byId.created).toBe(false);
    expect(await state()).toEqual(before);
    expect(await cashOf(t.db, c.realId)).toBe(123_456n);
  });

  it('refuses bad input, demo accounts, unknown users and a reused reference, changing nothing', async () => {
    const c = await customer();
    await creditDeposit(t.db, {
      userId: c.userId,
      amountPaisa: 100n,
      reference: 'BANK-REUSED',
      channel: 'bank',
    });
    const ok: DepositInput = { userId: c.userId, amountPaisa: 100n, reference: 'BANK-NEW', channel: 'bank' };
    const before = await state();
    const cases: Array<[string, DepositInput]> = [
      ['badAmount', { ...ok, amountPaisa: 0n }],
      ['badAmount', { ...ok, amountPaisa: -5n }],
      ['badAmount', { ...ok, amountPaisa: 1.5 }],
      ['badAmount', { ...ok, amountPaisa: Number.NaN }],
      ['badAmount', { ...ok, amountPaisa: 10n ** 15n }],
      ['badReference', { ...ok, reference: '' }],
      ['badReference', { ...ok, reference: 'has space' }],
      ['badChannel', { ...ok, channel: 'cash' as 'bank' }],
      ['demoAccount', { accountId: c.demoId, amountPaisa: 100n, reference: 'BANK-NEW', channel: 'bank' }],
      ['unknownUser', { ...ok, userId: 999_999_999 }],
      ['unknownUser', { amountPaisa: 100n, reference: 'BANK-NEW', channel: 'bank', phone: '3999999999' }],
      ['badPhone', { amountPaisa: 100n, reference: 'BANK-NEW', channel: 'bank', phone: '12345' }],
      ['unknownAccount', { amountPaisa: 100n, reference: 'BANK-NEW', channel: 'bank', accountId: 999_999 }],
      ['badUserRef', { amountPaisa: 100n, reference: 'BANK-NEW', channel: 'bank' }],
      ['badUserRef', { ...ok, phone: c.phone }],
      ['referenceConflict', { ...ok, reference: 'BANK-REUSED', amountPaisa: 200n }],
      ['referenceConflict', { ...ok, reference: 'BANK-REUSED', channel: 'wallet' }],
      ['referenceConflict', { ...ok, reference: 'BANK-REUSED', userId: (await customer()).userId }],
    ];
    const after = await state();
    for (const [reason, input] of cases)
      expect([reason, await refusal(() => creditDeposit(t.db, input))]).toEqual([reason, reason]);
    // (await customer()) above added a user (and its demo grant); nothing else moved
    expect(await state()).toEqual(after);
    expect((await tableCounts(t.db))['ledger_journals']).toBe(before.counts['ledger_journals']! + 1);
    expect(await cashOf(t.db, c.realId)).toBe(100n);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });
});

describe('setKycStatus', () => {
  const idStatus = async (token: string) =>
    (await get<{ idStatus: IdStatus }>(t.app, '/api/user/info', {}, en(token))).body.data.idStatus;

  it('sets what user/info reports, records each decision once, and refuses bad input', async () => {
    const c = await customer();
    expect(await idStatus(c.tokenReal)).toBe('none');
    const rows = await kycRows();
    expect(await setKycStatus(t.db, `0${c.phone}`, 'fail', 'photo unreadable', 5)).toEqual({
      userId: c.userId,
      previous: 'none',
      status: 'fail',
      reason: 'photo unreadable',
      changed: true,
    });
    expect(await idStatus(c.tokenReal)).toBe('fail');
    expect(await idStatus(c.tokenDemo)).toBe('fail');
    expect((await setKycStatus(t.db, c.userId, 'fail', 'photo unreadable')).changed).toBe(false);
    expect(await setKycStatus(t.db, c.userId, 'succ')).toMatchObject({
      previous: 'fail',
      status: 'succ',
      changed: true,
    });
    expect(await idStatus(c.tokenReal)).toBe('succ');
    expect(
      await t.db
        .selectFrom('kyc_reviews')
        .select(['previous', 'status', 'reason', 'source'])
        .where('user_id', '=', c.userId)
        .orderBy('id')
        .execute(),
    ).toEqual([
      { previous: 'none', status: 'fail', reason: 'photo unreadable', source: 'backoffice' },
      { previous: 'fail', status: 'succ', reason: '', source: 'backoffice' },
    ]);
    expect(await kycRows()).toBe(rows + 2);
    expect(await refusal(() => setKycStatus(t.db, c.userId, 'ok' as IdStatus))).toBe('badStatus');
    expect(await refusal(() => setKycStatus(t.db, 999_999_999, 'succ'))).toBe('unknownUser');
    expect(await refusal(() => setKycStatus(t.db, 'abc', 'succ'))).toBe('badPhone');
    expect(await refusal(() => setKycStatus(t.db, c.userId, 'fail', 'x'.repeat(201)))).toBe('badReason');
    expect(await idStatus(c.tokenReal)).toBe('succ');
    expect(await kycRows()).toBe(rows + 2);
  });
});

describe('a real account funded and verified by the back office', () => {
  it('buys at market over HTTP; the funds detail lists the deposit and the buy', async () => {
    const c = await customer();
    const buy = () =>
      post<StockOrder>(
        t.app,
        '/api/stock/order/buy',
        {
          symbol: sym,
          type: 'market',
          qty: '10',
          clientOrderId: newClientOrderId(),
          tradePassword: TRADE_PASSWORD,
        },
        en(c.tokenReal),
      );
    expect((await buy()).body.msg).toBe('Please complete KYC first');
    await setKycStatus(t.db, c.phone, 'succ');
    expect((await buy()).body.msg).toBe('Insufficient Balance');
    await creditDeposit(t.db, {
      phone: c.phone,
      amountPaisa: 5_000_000n,
      reference: 'BANK-TRADE',
      channel: 'bank',
    });
    const r = await buy();
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({
      accountType: 'real',
      status: 'filled',
      filledQty: '10',
      side: 'buy',
    });
    const tx = await get<Page<TxRecord>>(t.app, '/api/user/tx/record', { size: '100' }, en(c.tokenReal));
    const list = tx.body.data.list;
    expect(list.map((x) => x.type)).toEqual(['fee', 'buy', 'deposit']);
    expect(list[2]).toMatchObject({ amount: '50000.00', balance: '50000.00' });
    expect(list[1]).toMatchObject({ amount: `-${r.body.data.amount}`, symbol: sym });
    const assets = await get<Assets>(t.app, '/api/user/assets', {}, en(c.tokenReal));
    expect(list[0]!.balance).toBe(assets.body.data.available);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
    expect((await tradingSelfCheck(t.db)).ok).toBe(true);
  });
});

describe('the command beside a running server', () => {
  it('credits through the same database file the app has open, and the app sees it at once', async () => {
    const c = await customer();
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/tools/backoffice.ts',
        t.dataDir,
        'deposit',
        '--phone',
        c.phone,
        '--amount',
        '1234.56',
        '--ref',
        'LIVE-1',
      ],
      {
        encoding: 'utf8',
        timeout: 30_000,
        // on PostgreSQL the operator's shell has the server's DATABASE_URL
        env: { ...process.env, DATABASE_URL: t.config.databaseUrl },
      },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const assets = await get<Assets>(t.app, '/api/user/assets', {}, en(c.tokenReal));
    expect(assets.body.data.available).toBe('1234.56');
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });
});
