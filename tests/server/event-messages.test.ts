// Events become personal messages (issue 19 item 3): a deposit credited or rejected (operator review, the
// simulated chain's watcher path shares the same function, the back-office direct credit), a withdrawal paid or
// rejected, a KYC approved or rejected, a real account's order filled. Each links to what it is about, is
// written in the event's transaction, and a repeated decision makes no second message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { creditDeposit as directCredit } from '../../server/domain/backoffice/deposits.ts';
import { creditDeposit, rejectDeposit } from '../../server/domain/deposits/deposit-review.ts';
import { reviewKyc } from '../../server/domain/kyc/kyc-review.ts';
import { approveWithdrawal, rejectWithdrawal } from '../../server/domain/withdrawals/withdrawal-review.ts';
import { get, post } from './helpers.ts';
import { seedPendingKyc } from './console-helpers.ts';
import {
  cheapHash,
  makeTradeApp,
  newClientOrderId,
  pickStock,
  TRADE_PASSWORD,
  type TradeTestApp,
} from './trade/trade-helpers.ts';
import { newClientId, openAllWeek, WITHDRAW_PASSWORD, withdrawer } from './withdraw-helpers.ts';

let t: TradeTestApp;
beforeAll(async () => {
  t = await makeTradeApp('event-messages');
  await openAllWeek(t.db);
});
afterAll(async () => t?.close());

const messagesOf = async (userId: number) =>
  t.db.selectFrom('user_messages').selectAll().where('user_id', '=', userId).orderBy('id').execute();

async function pendingDeposit(userId: number, accountId: number, amount: bigint) {
  const now = Date.now();
  const r = await t.db
    .insertInto('deposits')
    .values({
      user_id: userId,
      account_id: accountId,
      client_id: newClientId(),
      channel: 'bank',
      asset: 'PKR',
      amount,
      reference: `R${now % 1_000_000}${Math.floor(Math.random() * 1000)}`,
      receiving_account_id: null,
      chain: null,
      address: null,
      tx_hash: null,
      status: 'pending',
      reviewed_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

describe('events → personal messages', () => {
  it('deposit credited and rejected: one message each, linked to the deposit records, in both languages', async () => {
    const w = await withdrawer(t);
    const a = await pendingDeposit(w.userId, w.accountId, 250_075n);
    const b = await pendingDeposit(w.userId, w.accountId, 100_000n);
    await creditDeposit(t.db, CLI_ACTOR, a, { bankReference: `BANK-${a}` }, Date.now());
    await creditDeposit(t.db, CLI_ACTOR, a, { bankReference: `BANK-${a}` }, Date.now());
    await rejectDeposit(t.db, CLI_ACTOR, b, { reason: 'No matching bank entry' }, Date.now());
    const rows = await messagesOf(w.userId);
    expect(rows.map((r) => r.event_key)).toEqual([`deposit:credited:${a}`, `deposit:rejected:${b}`]);
    expect(rows[0]?.link).toBe('/pages/recharge/rechargeRecord');
    const en = await get(t.app, '/api/user/notice', {}, { token: w.tokenReal, lang: 'en-US' });
    expect(en.body.data.unread).toBe(2);
    expect(en.body.data.list[1].body).toContain('2500.75 PKR');
    expect(en.body.data.list[0].body).toContain('No matching bank entry');
    const ur = await get(t.app, '/api/user/notice', {}, { token: w.tokenReal, lang: 'ur-PK' });
    expect(ur.body.data.list[0].title).toBe('رقم جمع کرانے کی درخواست مسترد');
  });

  it('the back-office direct credit makes one message per reference', async () => {
    const w = await withdrawer(t);
    const input = {
      userId: w.userId,
      amountPaisa: 500_000n,
      reference: `DIRECT-${w.userId}`,
      channel: 'bank' as const,
    };
    await directCredit(t.db, input);
    await directCredit(t.db, input);
    const rows = await messagesOf(w.userId);
    expect(rows.map((r) => r.event_key)).toEqual([`deposit:direct:DIRECT-${w.userId}`]);
  });

  it('withdrawal paid and rejected link to the record’s detail', async () => {
    const w = await withdrawer(t, { pkr: 10_000_000n });
    const add = async () =>
      (
        await post(
          t.app,
          '/api/user/withdraw/add',
          {
            bindingId: String(w.bindingId),
            amount: '1000',
            password: WITHDRAW_PASSWORD,
            clientId: newClientId(),
          },
          { token: w.tokenReal },
        )
      ).body.data.id as number;
    const paid = await add();
    const rejected = await add();
    await approveWithdrawal(t.db, CLI_ACTOR, paid, { reference: 'BANKREF-1' }, Date.now());
    await rejectWithdrawal(t.db, CLI_ACTOR, rejected, { reason: 'Title does not match' }, Date.now());
    const rows = await messagesOf(w.userId);
    expect(rows.map((r) => [r.event_key, r.link])).toEqual([
      [`withdraw:paid:${paid}`, `/pages/wallet/recordDetail?id=${paid}`],
      [`withdraw:rejected:${rejected}`, `/pages/wallet/recordDetail?id=${rejected}`],
    ]);
  });

  it('KYC approved and rejected', async () => {
    const ok = await seedPendingKyc(t);
    await reviewKyc(t.db, CLI_ACTOR, ok.submissionId, { approve: true }, Date.now());
    expect((await messagesOf(ok.userId)).map((r) => [r.text_key, r.link])).toEqual([
      ['kycApproved', '/pages/user/kyc'],
    ]);
    const no = await seedPendingKyc(t);
    await reviewKyc(
      t.db,
      CLI_ACTOR,
      no.submissionId,
      { approve: false, reason: 'Photo is blurred' },
      Date.now(),
    );
    const rows = await messagesOf(no.userId);
    expect(rows.map((r) => r.text_key)).toEqual(['kycRejected']);
    expect(JSON.parse(rows[0]!.params_json)).toEqual({ reason: 'Photo is blurred' });
  });

  it('a real account’s filled order makes a message with the side in the reader’s language; demo fills none', async () => {
    const w = await withdrawer(t, { pkr: 100_000_000n });
    await t.db
      .updateTable('users')
      .set({ trade_password_hash: cheapHash(TRADE_PASSWORD) })
      .where('id', '=', w.userId)
      .execute();
    const sym = pickStock(t);
    for (const token of [w.tokenReal, w.tokenDemo]) {
      const r = await post(
        t.app,
        '/api/stock/order/buy',
        {
          symbol: sym,
          type: 'market',
          qty: '1',
          clientOrderId: newClientOrderId(),
          tradePassword: TRADE_PASSWORD,
        },
        { token, lang: 'en-US' },
      );
      expect(r.body.msg).toBe('');
      expect(r.body.data.status).toBe('filled');
    }
    const rows = await messagesOf(w.userId);
    expect(rows.map((r) => [r.kind, r.text_key, r.link])).toEqual([
      ['order', 'orderFilled', '/pages/tabbar/position'],
    ]);
    const ur = await get(t.app, '/api/user/notice', {}, { token: w.tokenReal, lang: 'ur-PK' });
    expect(ur.body.data.list[0].body).toContain('خرید');
    expect(ur.body.data.list[0].body).toContain(sym);
  });
});
