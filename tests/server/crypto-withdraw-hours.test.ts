// Crypto withdrawals have their own hours (crypto.withdrawHours, all day by default): inside them
// coin/withdraw/add is accepted, outside them it is refused with the localised 'Withdrawal is not possible at the
// current time' and nothing is stored or frozen, and the PKR hours (withdraw.hours) no longer apply to crypto.
// The setting is public (common/props, common/prop), answered as crypto.open by user/withdraw/config, and
// written by finance in the console with an audit entry like the other hours.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS } from '../../server/domain/settings/registry.ts';
import { readSetting, writeSetting } from '../../server/domain/settings/settings-repo.ts';
import { asOperator, cookieOf, makeOperator } from './console-helpers.ts';
import { get, makeTestApp, post, rowCounts, type TestApp } from './helpers.ts';
import {
  ALWAYS_OPEN,
  newClientId,
  WITHDRAW_PASSWORD,
  withdrawCounts,
  withdrawer,
  type Withdrawer,
} from './withdraw-helpers.ts';

/** A window that is never open (no weekday). */
const NEVER = { days: [], open: '09:00', close: '17:00' };

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await writeSetting(t.db, 'withdraw.hours', ALWAYS_OPEN, null, Date.now());
  await writeSetting(t.db, 'crypto.withdrawHours', ALWAYS_OPEN, null, Date.now());
});

const coin = (w: Withdrawer, lang = 'en-US') =>
  post(
    t.app,
    '/api/coin/withdraw/add',
    { addressId: String(w.addressId), amount: '20', password: WITHDRAW_PASSWORD, clientId: newClientId() },
    { lang, token: w.tokenReal },
  );
const usdt = (w: Withdrawer) => t.app.ledger.money(w.accountId, 'USDT');

describe('crypto withdrawal hours', () => {
  it('are all day by default, apart from the PKR hours', () => {
    expect(SETTINGS['crypto.withdrawHours'].default).toEqual(ALWAYS_OPEN);
    expect(SETTINGS['withdraw.hours'].default).not.toEqual(ALWAYS_OPEN);
  });

  it('inside them a crypto withdrawal is accepted and frozen', async () => {
    const w = await withdrawer(t, { usdt: 100_000_000n });
    const res = await coin(w);
    expect(res.body).toMatchObject({ code: 0, data: { asset: 'USDT', amount: '20.000000' } });
    expect(await usdt(w)).toEqual({ asset: 'USDT', available: 79_000_000n, frozen: 21_000_000n });
  });

  it('outside them it is refused in the user’s language and nothing is stored or frozen', async () => {
    const w = await withdrawer(t, { usdt: 100_000_000n });
    await writeSetting(t.db, 'crypto.withdrawHours', NEVER, null, Date.now());
    const before = await withdrawCounts(t.db);
    expect((await coin(w)).body).toMatchObject({
      code: -1001,
      msg: 'Withdrawal is not possible at the current time',
    });
    expect((await coin(w, 'ur-PK')).body).toMatchObject({
      code: -1001,
      msg: 'اس وقت رقم نکالنا ممکن نہیں ہے',
    });
    expect(await withdrawCounts(t.db)).toEqual(before);
    expect(await usdt(w)).toEqual({ asset: 'USDT', available: 100_000_000n, frozen: 0n });
    const config = await get(t.app, '/api/user/withdraw/config', {}, { lang: 'en-US', token: w.tokenReal });
    expect(config.body.data).toMatchObject({ open: true, crypto: { open: false } });
  });

  it('with the PKR hours closed and crypto open, crypto is accepted and PKR refused', async () => {
    const w = await withdrawer(t, { pkr: 10_000_000n, usdt: 100_000_000n });
    await writeSetting(t.db, 'withdraw.hours', NEVER, null, Date.now());
    const pkr = await post(
      t.app,
      '/api/user/withdraw/add',
      {
        bindingId: String(w.bindingId),
        amount: '5000',
        password: WITHDRAW_PASSWORD,
        clientId: newClientId(),
      },
      { lang: 'en-US', token: w.tokenReal },
    );
    expect(pkr.body.msg).toBe('Withdrawal is not possible at the current time');
    expect((await coin(w)).body.code).toBe(0);
    const config = await get(t.app, '/api/user/withdraw/config', {}, { lang: 'en-US', token: w.tokenReal });
    expect(config.body.data).toMatchObject({ open: false, crypto: { open: true } });
  });

  it('are served by common/props and common/prop', async () => {
    const window = { days: [1, 2, 3], open: '08:00', close: '20:00' };
    await writeSetting(t.db, 'crypto.withdrawHours', window, null, Date.now());
    const props = await get(t.app, '/api/common/props', {}, { lang: 'en-US' });
    expect(props.body.data.values['crypto.withdrawHours']).toEqual(window);
    const one = await get(t.app, '/api/common/prop', { key: 'crypto.withdrawHours' }, { lang: 'en-US' });
    expect(one.body.data).toEqual({ key: 'crypto.withdrawHours', value: window });
  });

  it('finance changes them in the console with an audit entry; an impossible window changes nothing', async () => {
    const finance = await makeOperator(t, 'finance');
    const as = asOperator(await cookieOf(t, finance));
    const before = await rowCounts(t.db);
    const bad = await post(
      t.app,
      '/admin/api/settings',
      { key: 'crypto.withdrawHours', value: '{"days":[1],"open":"18:00","close":"09:00"}' },
      as,
    );
    expect(bad.body.code).toBe(-1001);
    expect(await rowCounts(t.db)).toEqual(before);
    const value = '{"days":[0,6],"open":"10:00","close":"22:00"}';
    const ok = await post(t.app, '/admin/api/settings', { key: 'crypto.withdrawHours', value }, as);
    expect(ok.body.code).toBe(0);
    expect(await readSetting(t.db, 'crypto.withdrawHours')).toEqual(JSON.parse(value));
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'settings.write')
      .where('subject_id', '=', 'crypto.withdrawHours')
      .execute();
    expect(audit.at(-1)).toMatchObject({ operator_id: finance.id, after_json: value });
  });
});
