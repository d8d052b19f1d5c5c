// Schema validation of every kind of bad input: duplicate keys, non-decimal numbers, oversized, empty and
// unknown fields, wrong content types; always JSON -1001, never a 5xx or HTML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalString, fields, idString, opt } from '../../contract/form-fields.ts';
import { get, makeTestApp, post, rowCounts, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // A probe route using the shared number schemas, as area routes (market, orders) will.
  t = await makeTestApp({}, (app) => {
    app.register(
      async (api) => {
        api.post(
          '/probe/number',
          {
            config: { auth: 'public' },
            schema: {
              body: fields({ amount: decimalString({ maxIntDigits: 12, maxScale: 2 }), id: opt(idString) }),
            },
          },
          async (request) => ({ code: 0, msg: '', data: request.body }),
        );
      },
      { prefix: '/api' },
    );
  });
});
afterAll(() => t.close());

describe('numbers as plain decimal strings', () => {
  it.each(['0', '1', '12.5', '999999999999.99', '0.01'])('accepts %s', async (amount) => {
    const res = await post(t.app, '/api/probe/number', { amount });
    expect(res.body).toEqual({ code: 0, msg: '', data: { amount } });
  });

  it.each([
    '1e309',
    '0x10',
    'Infinity',
    '-Infinity',
    'NaN',
    '+1',
    '-1',
    ' 1',
    '1 ',
    '01',
    '1.',
    '.5',
    '1.234',
    '1,5',
    '１',
  ])('refuses %j', async (amount) => {
    const res = await post(t.app, '/api/probe/number', { amount }, { lang: 'en-US' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: -1001, msg: 'amount: invalid format', data: null, field: 'amount' });
  });

  it('refuses an oversized number and a zero id', async () => {
    const big = await post(t.app, '/api/probe/number', { amount: '1234567890123' }, { lang: 'en-US' });
    expect(big.body.msg).toBe('amount: invalid format');
    const id = await post(t.app, '/api/probe/number', { amount: '1', id: '0' }, { lang: 'en-US' });
    expect(id.body.msg).toBe('id: invalid format');
  });

  it('refuses a number sent twice', async () => {
    const res = await post(t.app, '/api/probe/number', { amount: ['1', '2'] }, { lang: 'en-US' });
    expect(res.body).toEqual({
      code: -1001,
      msg: 'amount: sent more than once',
      data: null,
      field: 'amount',
    });
  });
});

describe('bodies and query strings', () => {
  it('strips unknown fields instead of storing or echoing them', async () => {
    const res = await post(t.app, '/api/probe/number', { amount: '5', admin: '1', __proto__x: 'y' });
    expect(res.body.data).toEqual({ amount: '5' });
  });

  it('refuses a duplicated key in the query string', async () => {
    const res = await get(t.app, '/api/user/login/info', {}, {});
    expect(res.body.code).toBe(0);
    const dup = await t.app.inject({ url: '/api/common/captcha?x=1&x=2' });
    expect(JSON.parse(dup.body).code).toBe(0); // unknown query keys are stripped, duplicated or not
  });

  it('refuses an oversized field with a message naming it, storing nothing', async () => {
    const before = await rowCounts(t.db);
    const res = await post(
      t.app,
      '/api/common/code/send',
      { phone: '3'.repeat(17), type: 'register' },
      { lang: 'en-US' },
    );
    expect(res.body).toEqual({
      code: -1001,
      msg: 'Phone number: at most 16 characters',
      data: null,
      field: 'phone',
    });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('refuses a body larger than the limit with JSON (HTTP 413)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: `phone=${'3'.repeat(20_000)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ code: -1001, msg: 'The request is too large', data: null });
  });

  it.each([
    ['application/json', '{"phone":"3001234567","password":"x"}'],
    ['text/plain', 'phone=3001234567'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('refuses a %s body with JSON (HTTP 415)', async (type, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload,
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body).code).toBe(-1001);
  });

  it('treats a POST without a body as an empty form and names the first missing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'accept-language': 'en-US' },
    });
    expect(JSON.parse(res.body)).toEqual({
      code: -1001,
      msg: 'Phone number: required',
      data: null,
      field: 'phone',
    });
  });

  it('decodes UTF-8 form bodies and survives broken percent-encoding', async () => {
    const urdu = await post(
      t.app,
      '/api/user/login',
      { phone: '۳۰۰۱۲۳۴۵۶۷', password: 'پاس ورڈ' },
      { lang: 'en-US' },
    );
    expect(urdu.body).toEqual({
      code: -1001,
      msg: 'Phone number: a Pakistani mobile number such as 3001234567',
      data: null,
      field: 'phone',
    });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: 'phone=%E0%A4%A&password=%FF',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(broken.statusCode).toBeLessThan(500);
    expect(JSON.parse(broken.body).code).toBe(-1001);
  });

  it('never answers HTML or 5xx for odd requests', async () => {
    const odd = [
      { method: 'GET' as const, url: '/api/user/login' },
      { method: 'DELETE' as const, url: '/api/user/info' },
      { method: 'GET' as const, url: '/api/%' },
      {
        method: 'PUT' as const,
        url: '/api/user/register',
        payload: 'a=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    ];
    for (const req of odd) {
      const res = await t.app.inject(req);
      expect(res.statusCode, req.url).toBeLessThan(500);
      expect(res.headers['content-type'], req.url).toMatch(/^application\/json/);
      expect(JSON.parse(res.body).code, req.url).toBe(-1001);
    }
    const badQuery = await t.app.inject({ url: '/api/user/login/info?%zz=1&a=%' });
    expect(JSON.parse(badQuery.body)).toEqual({ code: 0, msg: '', data: {} });
  });
});
