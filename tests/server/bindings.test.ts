// Bindings (issue 15, item 3): bank/add, bank/del, bank/list, bank/info, index/bank/tmpl and the crypto
// withdrawal addresses. Every refusal is -1001 with a localised message and stores nothing; another user's ids
// answer like missing ones; a retry with the same client id has one effect.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evmAddress, tronAddress } from '../../contract/crypto-address.ts';
import { pkIbanCheckDigits } from '../../contract/iban.ts';
import {
  get,
  makeTestApp,
  post,
  registerUser,
  rowCounts,
  type RegisteredUser,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const NAME = 'Ayesha Khan';

/** A valid IBAN of `bank` with a random account number. */
function iban(bank = 'HABB'): string {
  const bban = `${bank}${String(randomBytes(8).readBigUInt64BE() % 10n ** 16n).padStart(16, '0')}`;
  return `PK${pkIbanCheckDigits(bban)}${bban}`;
}
const spaced = (s: string) => s.replace(/(.{4})(?=.)/g, '$1 ');
const wallet = () => `03${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function verifiedUser(name = NAME): Promise<RegisteredUser & { userId: number }> {
  const u = await registerUser(t.app);
  const userId = u.user.id;
  await t.db.updateTable('users').set({ id_status: 'succ' }).where('id', '=', userId).execute();
  await t.db
    .insertInto('kyc_submissions')
    .values({
      user_id: userId,
      cert_type: 'cnic',
      cert_number: '35202-1234567-1',
      full_name: name,
      birth_date: '1990-01-01',
      front_image: `${'a'.repeat(32)}.jpg`,
      back_image: `${'b'.repeat(32)}.jpg`,
      agreed_at: Date.now(),
      status: 'succ',
      created_at: Date.now(),
    })
    .execute();
  return { ...u, userId };
}

async function counts() {
  const base = await rowCounts(t.db);
  const n = async (table: 'payout_bindings' | 'crypto_addresses') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const deleted = Number(
    (
      await t.db
        .selectFrom('payout_bindings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deleted_at', 'is not', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
  return {
    ...base,
    payout_bindings: await n('payout_bindings'),
    crypto_addresses: await n('crypto_addresses'),
    deleted,
  };
}

const add = (token: string, body: Record<string, string>, lang = 'en-US') =>
  post(t.app, '/api/bank/add', { clientId: randomUUID(), ...body }, { token, lang });
const addAddress = (token: string, body: Record<string, string>) =>
  post(
    t.app,
    '/api/coin/withdraw/address/generate',
    { clientId: randomUUID(), ...body },
    { token, lang: 'en-US' },
  );

/** Expects a -1001 with `msg` (and `field`) that changed nothing. */
async function refused(
  call: () => Promise<{ body: { code: number; msg: string; field?: string } }>,
  msg: string | RegExp,
  field?: string,
) {
  const before = await counts();
  const res = await call();
  expect(res.body.code).toBe(-1001);
  if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
  else expect(res.body.msg).toMatch(msg);
  if (field) expect(res.body.field).toBe(field);
  expect(await counts()).toEqual(before);
}

describe('GET index/bank/tmpl', () => {
  it('is public and lists each channel form and the banks', async () => {
    const res = await get(t.app, '/api/index/bank/tmpl', {});
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d.channels.map((c: { channel: string }) => c.channel)).toEqual(['bank', 'wallet', 'crypto']);
    expect(d.banks).toContainEqual({ code: 'HABB', name: 'HBL' });
    expect(d.wallets.map((w: { code: string }) => w.code)).toEqual(['jazzcash', 'easypaisa']);
    expect(d.holder).toBeUndefined();
  });

  it('tells a logged-in caller the KYC state and the name titles must match', async () => {
    const u = await verifiedUser();
    const res = await get(t.app, '/api/index/bank/tmpl', {}, { token: u.tokenDemo });
    expect(res.body.data.holder).toEqual({ idStatus: 'succ', verifiedName: NAME });
    const fresh = await registerUser(t.app);
    const none = await get(t.app, '/api/index/bank/tmpl', {}, { token: fresh.tokenReal });
    expect(none.body.data.holder).toEqual({ idStatus: 'none', verifiedName: null });
  });
});

describe('POST bank/add', () => {
  it('binds an IBAN typed with spaces, stores it compact and names the bank; the title may differ in case and spacing', async () => {
    const u = await verifiedUser();
    const number = iban('MEZN');
    const res = await add(u.tokenReal, {
      kind: 'bank',
      iban: spaced(number).toLowerCase(),
      title: '  ayesha   KHAN ',
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      kind: 'bank',
      provider: 'MEZN',
      providerName: 'Meezan Bank',
      number,
      display: spaced(number),
      title: 'ayesha KHAN',
    });
    const list = await get(t.app, '/api/bank/list', { type: 'bank' }, { token: u.tokenDemo });
    expect(list.body.data.map((b: { number: string }) => b.number)).toEqual([number]);
  });

  it('binds a JazzCash wallet typed 03XX-XXXXXXX and stores 03XXXXXXXXX', async () => {
    const u = await verifiedUser();
    const res = await add(u.tokenReal, {
      kind: 'wallet',
      provider: 'jazzcash',
      number: '0301-2345678',
      title: NAME,
    });
    expect(res.body.data).toMatchObject({
      kind: 'wallet',
      provider: 'jazzcash',
      providerName: 'JazzCash',
      number: '03012345678',
      display: '0301-2345678',
    });
  });

  it('answers a retry with the same client id with the same binding, and refuses the id reused for other details', async () => {
    const u = await verifiedUser();
    const clientId = randomUUID();
    const number = iban();
    const first = await add(u.tokenReal, { kind: 'bank', iban: number, title: NAME, clientId });
    const again = await add(u.tokenReal, { kind: 'bank', iban: number, title: NAME, clientId });
    expect(again.body.data).toEqual(first.body.data);
    await refused(
      () => add(u.tokenReal, { kind: 'bank', iban: iban(), title: NAME, clientId }),
      /already used for different details/,
      'clientId',
    );
  });

  it('refuses each bad IBAN with its own reason', async () => {
    const u = await verifiedUser();
    const good = iban('UNIL');
    const badCheck = `PK${good.slice(2, 4) === '00' ? '01' : '00'}${good.slice(4)}`;
    const unknownBban = `ZZZZ${'1'.repeat(16)}`;
    const unknownBank = `PK${pkIbanCheckDigits(unknownBban)}${unknownBban}`;
    const cases: Array<[string, RegExp]> = [
      [badCheck, /check digits do not match/],
      [unknownBank, /bank code ZZZZ is not a Pakistani bank/],
      [good.slice(0, 23), /24 characters/],
      [`${good}1`, /24 characters/],
      [`${good.slice(0, 10)}A${good.slice(11)}`, /16 digits only/],
    ];
    for (const [value, msg] of cases)
      await refused(() => add(u.tokenReal, { kind: 'bank', iban: value, title: NAME }), msg, 'iban');
    await refused(() => add(u.tokenReal, { kind: 'bank', title: NAME }), 'Please enter the IBAN', 'iban');
  });

  it('refuses a wrong wallet number or provider', async () => {
    const u = await verifiedUser();
    for (const number of ['0201-2345678', '0301-234567', '03012345678901', 'abc'])
      await refused(
        () => add(u.tokenReal, { kind: 'wallet', provider: 'easypaisa', number, title: NAME }),
        /03XX-XXXXXXX/,
        'number',
      );
    await refused(
      () => add(u.tokenReal, { kind: 'wallet', provider: 'sadapay', number: wallet(), title: NAME }),
      /invalid value/,
      'provider',
    );
    await refused(
      () => add(u.tokenReal, { kind: 'wallet', number: wallet(), title: NAME }),
      /JazzCash or Easypaisa/,
      'provider',
    );
  });

  it('refuses a title that is not the verified name, showing the name, in Urdu too', async () => {
    const u = await verifiedUser();
    await refused(
      () => add(u.tokenReal, { kind: 'bank', iban: iban(), title: 'Ayesha Khan Jr' }),
      'The account title must be the name verified in your KYC: Ayesha Khan',
      'title',
    );
    await refused(
      () => add(u.tokenReal, { kind: 'bank', iban: iban(), title: 'Someone' }, 'ur-PK'),
      /KYC میں تصدیق شدہ ہے: Ayesha Khan/,
    );
  });

  it('refuses without verified KYC (none, pending, failed)', async () => {
    const u = await registerUser(t.app);
    await refused(
      () => add(u.tokenReal, { kind: 'bank', iban: iban(), title: NAME }),
      'Please complete KYC first',
    );
    await t.db.updateTable('users').set({ id_status: 'pending' }).where('id', '=', u.user.id).execute();
    await refused(
      () => addAddress(u.tokenReal, { chain: 'TRC20', address: tronAddress(randomBytes(20)) }),
      'Please complete KYC first',
    );
  });

  it('refuses a live duplicate but allows it again once deleted; caps at 5 banks and 5 wallets', async () => {
    const u = await verifiedUser();
    const number = iban();
    const first = await add(u.tokenReal, { kind: 'bank', iban: number, title: NAME });
    await refused(
      () => add(u.tokenReal, { kind: 'bank', iban: spaced(number), title: NAME }),
      'This bank account is already in your list',
      'iban',
    );
    await post(t.app, '/api/bank/del', { id: String(first.body.data.id) }, { token: u.tokenReal });
    expect((await add(u.tokenReal, { kind: 'bank', iban: number, title: NAME })).body.code).toBe(0);
    for (let i = 0; i < 4; i++)
      expect((await add(u.tokenReal, { kind: 'bank', iban: iban(), title: NAME })).body.code).toBe(0);
    await refused(
      () => add(u.tokenReal, { kind: 'bank', iban: iban(), title: NAME }),
      'You can keep at most 5 bank accounts; remove one first',
    );
    const w = wallet();
    await add(u.tokenReal, { kind: 'wallet', provider: 'jazzcash', number: w, title: NAME });
    await refused(
      () => add(u.tokenReal, { kind: 'wallet', provider: 'easypaisa', number: w, title: NAME }),
      'This wallet is already in your list',
      'number',
    );
    for (let i = 0; i < 4; i++)
      await add(u.tokenReal, { kind: 'wallet', provider: 'easypaisa', number: wallet(), title: NAME });
    await refused(
      () => add(u.tokenReal, { kind: 'wallet', provider: 'easypaisa', number: wallet(), title: NAME }),
      /at most 5 mobile wallets/,
    );
  });

  it('answers -1000 without a token', async () => {
    const before = await counts();
    expect(
      (
        await post(t.app, '/api/bank/add', {
          kind: 'bank',
          iban: iban(),
          title: NAME,
          clientId: randomUUID(),
        })
      ).body.code,
    ).toBe(-1000);
    expect((await get(t.app, '/api/bank/list', {})).body.code).toBe(-1000);
    expect((await get(t.app, '/api/bank/info', { id: '1' })).body.code).toBe(-1000);
    expect((await post(t.app, '/api/bank/del', { id: '1' })).body.code).toBe(-1000);
    expect((await post(t.app, '/api/coin/withdraw/address', {})).body.code).toBe(-1000);
    expect(
      (
        await post(t.app, '/api/coin/withdraw/address/generate', {
          chain: 'TRC20',
          address: 'x',
          clientId: randomUUID(),
        })
      ).body.code,
    ).toBe(-1000);
    expect((await post(t.app, '/api/coin/withdraw/address/del', { id: '1' })).body.code).toBe(-1000);
    expect(await counts()).toEqual(before);
  });
});

describe('bank/list, bank/info, bank/del', () => {
  it('lists by type newest first, reads one grouped, and soft-deletes', async () => {
    const u = await verifiedUser();
    const a = (await add(u.tokenReal, { kind: 'bank', iban: iban('ALFH'), title: NAME })).body.data;
    const w = (
      await add(u.tokenReal, { kind: 'wallet', provider: 'easypaisa', number: wallet(), title: NAME })
    ).body.data;
    const all = await get(t.app, '/api/bank/list', {}, { token: u.tokenReal });
    expect(all.body.data.map((b: { id: number }) => b.id)).toEqual([w.id, a.id]);
    expect(
      (await get(t.app, '/api/bank/list', { type: 'wallet' }, { token: u.tokenReal })).body.data,
    ).toEqual([w]);
    const info = await get(t.app, '/api/bank/info', { id: String(a.id) }, { token: u.tokenDemo });
    expect(info.body.data).toMatchObject({ providerName: 'Bank Alfalah', display: spaced(a.number) });
    expect((await post(t.app, '/api/bank/del', { id: String(a.id) }, { token: u.tokenReal })).body.code).toBe(
      0,
    );
    const row = await t.db
      .selectFrom('payout_bindings')
      .selectAll()
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.number).toBe(a.number);
    await refused(
      () => get(t.app, '/api/bank/info', { id: String(a.id) }, { token: u.tokenReal, lang: 'en-US' }),
      'This bank account or wallet was not found',
      'id',
    );
    await refused(
      () => post(t.app, '/api/bank/del', { id: String(a.id) }, { token: u.tokenReal, lang: 'en-US' }),
      'This bank account or wallet was not found',
      'id',
    );
  });

  it("answers another user's ids exactly like missing ones", async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser('Bilal Ahmed');
    const b = (await add(owner.tokenReal, { kind: 'bank', iban: iban(), title: NAME })).body.data;
    const missing = await get(
      t.app,
      '/api/bank/info',
      { id: '999999999' },
      { token: other.tokenReal, lang: 'en-US' },
    );
    const theirs = await get(
      t.app,
      '/api/bank/info',
      { id: String(b.id) },
      { token: other.tokenReal, lang: 'en-US' },
    );
    expect(theirs.body).toEqual(missing.body);
    await refused(
      () => post(t.app, '/api/bank/del', { id: String(b.id) }, { token: other.tokenReal, lang: 'en-US' }),
      'This bank account or wallet was not found',
    );
    expect((await get(t.app, '/api/bank/list', {}, { token: other.tokenReal })).body.data).toEqual([]);
    expect(
      (await get(t.app, '/api/bank/info', { id: String(b.id) }, { token: owner.tokenReal })).body.code,
    ).toBe(0);
  });

  it('refuses a bad id or type', async () => {
    const u = await verifiedUser();
    await refused(
      () => get(t.app, '/api/bank/info', { id: '0' }, { token: u.tokenReal, lang: 'en-US' }),
      /invalid format/,
    );
    await refused(
      () => get(t.app, '/api/bank/list', { type: 'card' }, { token: u.tokenReal, lang: 'en-US' }),
      /invalid value/,
    );
  });
});

describe('crypto withdrawal addresses', () => {
  it('saves, lists per chain and deletes; EVM addresses are stored checksummed', async () => {
    const u = await verifiedUser();
    const tron = tronAddress(randomBytes(20));
    const evm = evmAddress(randomBytes(20));
    const a = await addAddress(u.tokenReal, { chain: 'TRC20', address: ` ${tron} `, label: 'Binance' });
    expect(a.body.data).toMatchObject({ chain: 'TRC20', address: tron, label: 'Binance' });
    const b = await addAddress(u.tokenReal, { chain: 'ERC20', address: evm.toLowerCase() });
    expect(b.body.data).toMatchObject({ chain: 'ERC20', address: evm, label: '' });
    await refused(
      () => addAddress(u.tokenReal, { chain: 'ERC20', address: evm }),
      'This address is already in your list',
      'address',
    );
    expect((await addAddress(u.tokenReal, { chain: 'BEP20', address: evm })).body.code).toBe(0);
    const trc = await post(t.app, '/api/coin/withdraw/address', { chain: 'TRC20' }, { token: u.tokenReal });
    expect(trc.body.data).toEqual([a.body.data]);
    const all = await post(t.app, '/api/coin/withdraw/address', {}, { token: u.tokenDemo });
    expect(all.body.data).toHaveLength(3);
    expect(
      (
        await post(
          t.app,
          '/api/coin/withdraw/address/del',
          { id: String(a.body.data.id) },
          { token: u.tokenReal },
        )
      ).body.code,
    ).toBe(0);
    expect(
      (await post(t.app, '/api/coin/withdraw/address', { chain: 'TRC20' }, { token: u.tokenReal })).body.data,
    ).toEqual([]);
  });

  it('refuses a bad format and a bad checksum with different messages on each chain', async () => {
    const u = await verifiedUser();
    const tron = tronAddress(randomBytes(20));
    const brokenTron = `${tron.slice(0, 10)}${tron[10] === 'a' ? 'b' : 'a'}${tron.slice(11)}`;
    await refused(
      () => addAddress(u.tokenReal, { chain: 'TRC20', address: '0x' + 'a'.repeat(40) }),
      /starts with T/,
      'address',
    );
    await refused(
      () => addAddress(u.tokenReal, { chain: 'TRC20', address: brokenTron }),
      /checksum is wrong/,
      'address',
    );
    const evm = evmAddress(Uint8Array.from({ length: 20 }, (_, i) => i * 13 + 7));
    const flipped =
      evm.slice(0, 2) +
      [...evm.slice(2)].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
    for (const chain of ['ERC20', 'BEP20']) {
      await refused(() => addAddress(u.tokenReal, { chain, address: tron }), /0x followed by 40/, 'address');
      await refused(
        () => addAddress(u.tokenReal, { chain, address: evm.slice(0, 41) }),
        /0x followed by 40/,
        'address',
      );
      await refused(
        () => addAddress(u.tokenReal, { chain, address: flipped }),
        /checksum is wrong/,
        'address',
      );
    }
    await refused(() => addAddress(u.tokenReal, { chain: 'SOL', address: tron }), /invalid value/, 'chain');
    await refused(
      () => addAddress(u.tokenReal, { chain: 'TRC20', address: tron, label: 'x'.repeat(31) }),
      /at most 30/,
      'label',
    );
  });

  it('caps at 10 per chain, is idempotent by client id, and keeps other users out', async () => {
    const u = await verifiedUser();
    const clientId = randomUUID();
    const address = tronAddress(randomBytes(20));
    const first = await addAddress(u.tokenReal, { chain: 'TRC20', address, clientId });
    expect((await addAddress(u.tokenReal, { chain: 'TRC20', address, clientId })).body.data).toEqual(
      first.body.data,
    );
    for (let i = 0; i < 9; i++)
      await addAddress(u.tokenReal, { chain: 'TRC20', address: tronAddress(randomBytes(20)) });
    await refused(
      () => addAddress(u.tokenReal, { chain: 'TRC20', address: tronAddress(randomBytes(20)) }),
      'You can keep at most 10 TRC20 addresses; remove one first',
    );
    expect(
      (await addAddress(u.tokenReal, { chain: 'ERC20', address: evmAddress(randomBytes(20)) })).body.code,
    ).toBe(0);
    const other = await verifiedUser('Bilal Ahmed');
    await refused(
      () =>
        post(
          t.app,
          '/api/coin/withdraw/address/del',
          { id: String(first.body.data.id) },
          { token: other.tokenReal, lang: 'en-US' },
        ),
      'This address was not found',
      'id',
    );
    expect(
      (await post(t.app, '/api/coin/withdraw/address', {}, { token: other.tokenReal })).body.data,
    ).toEqual([]);
  });
});
