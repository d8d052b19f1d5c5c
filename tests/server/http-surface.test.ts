// What every response carries: security headers, JSON 404s under /api, the built app with history-mode
// fallback and asset caching, the OpenAPI document, and the language of messages.
import fs from 'node:fs';
import { STATUS_CODES } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-trade-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await makeTestApp({ SERVE_STATIC: '1', STATIC_DIR: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self';",
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ]) {
    expect(csp, `${what}: ${directive}`).toContain(directive);
  }
  expect(csp, what).not.toContain('unsafe-inline');
  expect(csp, `${what}: no other host to connect to`).not.toMatch(/connect-src[^;]*(ws:|wss:|\*)/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], what).toBe('DENY');
}

describe('security headers', () => {
  it('are on API answers, API errors, 404s, static files, the SPA fallback and framework errors', async () => {
    const requests = [
      { url: '/api/common/captcha' },
      { url: '/api/user/info' },
      { url: '/api/no/such/call' },
      { url: '/assets/index-abc123.js' },
      { url: '/pages/tabbar/home' },
      { url: '/api/%' },
      {
        method: 'POST' as const,
        url: '/api/user/login',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      },
    ];
    for (const req of requests) {
      const res = await t.app.inject(req);
      if (req.url === '/api/%') {
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      } else {
        expectSecurityHeaders(res.headers, req.url);
      }
    }
  });
});

describe('routing', () => {
  it('answers an unknown /api path with JSON -1001 and HTTP 404, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/user/nothing-here',
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual({ code: -1001, msg: 'This address does not exist', data: null });
    }
    const bare = await t.app.inject({ url: '/api' });
    expect(bare.statusCode).toBe(404);
    expect(JSON.parse(bare.body).code).toBe(-1001);
  });

  it('serves index.html (revalidated) for any app route, as history-mode routing needs', async () => {
    for (const url of [
      '/',
      '/pages/common/start',
      '/pages/account/login?redirect=%2Fpages%2Ftabbar%2Fmine',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with a 404 instead of the app page (so a lost chunk is reported)', async () => {
    const res = await t.app.inject({ url: '/assets/missing-chunk.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('does not serve the app page to non-GET requests outside /api', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/pages/tabbar/home' });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).code).toBe(-1001);
  });
});

describe('GET /api/openapi.json', () => {
  it('lists every call with its methods and field names', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body);
    expect(doc.openapi).toMatch(/^3\./);
    const paths = doc.paths as Record<string, Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    // Other areas (market) add their own calls; these are the ones of the foundation.
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/common/captcha',
        '/api/common/code/send',
        '/api/user/info',
        '/api/user/login',
        '/api/user/login/info',
        '/api/user/logout',
        '/api/user/register',
        '/api/user/update/password',
        '/api/user/password/reset',
      ]),
    );
    expect(Object.keys(paths['/api/user/info'] ?? {}).sort()).toEqual(['get', 'post']);
    const register = paths['/api/user/register']?.['post'];
    const form = register.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(Object.keys(form.properties).sort()).toEqual(
      [
        'agree',
        'areaCode',
        'captcha',
        'captchaId',
        'code',
        'inviteCode',
        'password',
        'password2',
        'phone',
      ].sort(),
    );
    const login = paths['/api/user/login']?.['post'].responses['200'].content['application/json'].schema;
    expect(Object.keys(login.properties.data.properties).sort()).toEqual(
      ['accountType', 'token', 'tokenDemo', 'tokenReal', 'user'].sort(),
    );
    expect(paths['/api/user/update/password']?.['post'].security).toEqual([{ accesstoken: [] }]);
    expect(doc.components.securitySchemes.accesstoken).toMatchObject({ type: 'apiKey', in: 'header' });
  });
});

/** Where a response schema leaves something untyped: an object without properties or an array without items. */
function incomplete(node: unknown, at: string): string[] {
  if (node === null || typeof node !== 'object') return [];
  const n = node as Record<string, unknown>;
  // OpenAPI 3.0 has no null type: `data: null` is written {type: object, nullable: true, enum: [null]}.
  if (n['nullable'] === true && Array.isArray(n['enum']) && n['enum'].length === 1 && n['enum'][0] === null)
    return [];
  const out: string[] = [];
  if (n['type'] === 'object' && (typeof n['properties'] !== 'object' || n['properties'] === null))
    out.push(at);
  if (
    n['type'] === 'object' &&
    Object.keys(n['properties'] ?? {}).length === 0 &&
    n['additionalProperties'] !== false
  )
    out.push(`${at} (no properties and not closed)`);
  if (n['type'] === 'array' && (typeof n['items'] !== 'object' || n['items'] === null)) out.push(`${at}[]`);
  for (const [k, v] of Object.entries(n['properties'] ?? {})) out.push(...incomplete(v, `${at}.${k}`));
  if (n['items']) out.push(...incomplete(n['items'], `${at}[]`));
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const [i, v] of ((n[key] as unknown[] | undefined) ?? []).entries())
      out.push(...incomplete(v, `${at}|${i}`));
  return out;
}

describe('GET /api/openapi.json response schemas', () => {
  it('describes the answer of every call completely: no bare objects, no untyped lists', async () => {
    const doc = JSON.parse((await t.app.inject({ url: '/api/openapi.json' })).body);
    const paths = doc.paths as Record<string, Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    let calls = 0;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        calls += 1;
        const schema = op.responses?.['200']?.content?.['application/json']?.schema;
        expect(schema, `${method} ${path}`).toBeDefined();
        expect(Object.keys(schema.properties).sort(), `${method} ${path}`).toEqual(['code', 'data', 'msg']);
        expect(incomplete(schema, `${method.toUpperCase()} ${path}`)).toEqual([]);
      }
    }
    expect(calls).toBeGreaterThan(40);
  });
});

describe('language of messages', () => {
  it('is Urdu by default and English for en-US (q-values honoured)', async () => {
    const ask = async (lang?: string) => {
      const res = await t.app.inject({
        url: '/api/user/info',
        headers: lang ? { 'accept-language': lang } : {},
      });
      return JSON.parse(res.body).msg as string;
    };
    const urdu = 'آپ اس وقت لاگ اِن نہیں ہیں، براہِ کرم لاگ اِن کریں';
    const english = 'You are not currently logged in, please go to log in';
    expect(await ask()).toBe(urdu);
    expect(await ask('ur-PK')).toBe(urdu);
    expect(await ask('en-US')).toBe(english);
    expect(await ask('en')).toBe(english);
    expect(await ask('fr-FR, en;q=0.5')).toBe(english);
    expect(await ask('en;q=0.4, ur;q=0.9')).toBe(urdu);
    expect(await ask('de-DE')).toBe(urdu);
  });

  it('has the same message keys in ur-PK and en-US, with the spec texts in English', () => {
    const read = (lang: string) =>
      JSON.parse(fs.readFileSync(path.join(__dirname, '../../locales', lang, 'errors.json'), 'utf8'));
    const keys = (o: Record<string, unknown>, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'string' ? [`${prefix}${k}`] : keys(v as Record<string, unknown>, `${prefix}${k}.`),
      );
    const en = read('en-US');
    const ur = read('ur-PK');
    expect(keys(ur).sort()).toEqual(keys(en).sort());
    expect(en.auth.captcha).toBe('captcha code error');
    expect(en.auth.notLoggedIn).toBe('You are not currently logged in, please go to log in');
    expect(en.auth.loginFirst).toBe('please log in first');
    for (const key of keys(ur)) {
      const value = key.split('.').reduce((o, k) => o[k], ur);
      expect(value, key).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('answers outside the routes still carry the envelope', () => {
  it('marks every /api answer no-store, success, error and 404 alike, and leaves the app page alone', async () => {
    for (const url of ['/api/common/captcha', '/api/user/info', '/api/user/login/info', '/api/no/such']) {
      const res = await t.app.inject({ url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const page = await t.app.inject({ url: '/pages/tabbar/home' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers a plain GET on the socket paths with an enveloped 426, and a broken handshake with 400', async () => {
    for (const url of ['/api/ws', '/api/ws/account']) {
      const res = await t.app.inject({ url, headers: { 'accept-language': 'en-US' } });
      expect(res.statusCode, url).toBe(426);
      expect(res.headers['upgrade']).toBe('websocket');
      expect(res.json()).toEqual({
        code: -1001,
        msg: 'This address is a WebSocket: connect with a WebSocket client.',
        data: null,
      });
      expectSecurityHeaders(res.headers, url);
    }
  });

  it("answers what Node's parser refuses (431, 400) with the envelope and security headers", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const raw = (text: string) =>
      new Promise<string>((resolve) => {
        let out = '';
        const s = net.connect(port, '127.0.0.1', () => s.write(text));
        s.on('data', (d) => (out += d.toString()));
        s.on('close', () => resolve(out));
        s.on('error', () => resolve(out));
      });
    const cases: Array<[string, number, string]> = [
      [`GET /api/user/login/info?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'ur'],
      [`GET /api/x HTTP/1.1\r\nAccept-Language: en-US\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`, 431, 'en'],
      ['POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400, 'ur'],
      ['GARBAGE\r\n\r\n', 400, 'ur'],
    ];
    for (const [request, status, lang] of cases) {
      const answer = await raw(request);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0], request.slice(0, 40)).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`);
      expect(head).toContain("content-security-policy: default-src 'none'");
      expect(head).toContain('x-content-type-options: nosniff');
      expect(head).toContain('cache-control: no-store');
      const env = JSON.parse(body) as { code: number; msg: string; data: null };
      expect(env.code).toBe(-1001);
      expect(env.data).toBeNull();
      expect(/[\u0600-\u06ff]/.test(env.msg), env.msg).toBe(lang === 'ur');
    }
  });
});
