// What a phone on slow data gets from the server: the app's text files as the .br/.gz the build wrote beside
// them when the browser accepts that encoding (identity otherwise, Vary: Accept-Encoding always), the API's
// JSON compressed above 1 KB and decoding to the same envelope, and the cache headers: hashed assets
// immutable for a year; index.html, the manifests and the service worker revalidated on every use.
// WebSocket upgrades and Node's raw clientError answers stay uncompressed.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeTestApp, type TestApp } from './helpers.ts';

const INDEX = `<!doctype html><title>app</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, s: 'OGDC' })))};`;
const MANIFEST = JSON.stringify({
  name: 'PK Trade',
  start_url: '/',
  display: 'standalone',
  icons: [192, 512].map((s) => ({ src: `/icons/icon-${s}.png`, sizes: `${s}x${s}`, type: 'image/png' })),
});
const SW = `const PRECACHE = ${JSON.stringify(['/index.html', '/assets/index-abc123.js', '/manifest.webmanifest'])};
self.addEventListener('install', () => {});
self.addEventListener('activate', () => {});
self.addEventListener('fetch', () => {});`;

let t: TestApp;
let dist: string;

/** Writes a file and, like the build, its .br and .gz beside it. */
function writeWithCompressed(rel: string, text: string) {
  const file = path.join(dist, rel);
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-trade-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  writeWithCompressed('index.html', INDEX);
  writeWithCompressed('assets/index-abc123.js', SCRIPT);
  writeWithCompressed('manifest.webmanifest', MANIFEST);
  writeWithCompressed('sw.js', SW);
  fs.writeFileSync(path.join(dist, 'assets', 'font-def456.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  t = await makeTestApp({ SERVE_STATIC: '1', STATIC_DIR: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe('precompressed app files', () => {
  const files = [
    { url: '/assets/index-abc123.js', text: SCRIPT, type: /^(application|text)\/javascript/ },
    { url: '/index.html', text: INDEX, type: /^text\/html/ },
    { url: '/manifest.webmanifest', text: MANIFEST, type: /^application\/manifest\+json/ },
    { url: '/sw.js', text: SW, type: /^(application|text)\/javascript/ },
  ];

  it('serves the .br to a browser that accepts brotli, with the type of the original file', async () => {
    for (const f of files) {
      const res = await t.app.inject({ url: f.url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode, f.url).toBe(200);
      expect(res.headers['content-encoding'], f.url).toBe('br');
      expect(String(res.headers['vary']), f.url).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], f.url).toMatch(f.type);
      expect(res.rawPayload.length, f.url).toBeLessThan(Buffer.byteLength(f.text));
      expect(decode('br', res.rawPayload), f.url).toBe(f.text);
    }
  });

  it('serves the .gz to a browser that accepts only gzip', async () => {
    for (const f of files) {
      const res = await t.app.inject({ url: f.url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['content-encoding'], f.url).toBe('gzip');
      expect(String(res.headers['vary']), f.url).toMatch(/accept-encoding/i);
      expect(decode('gzip', res.rawPayload), f.url).toBe(f.text);
    }
  });

  it('serves the file itself (identity) when no encoding is accepted, still varying on it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      for (const f of files) {
        const res = await t.app.inject({ url: f.url, headers });
        expect(res.headers['content-encoding'], f.url).toBeUndefined();
        expect(String(res.headers['vary']), f.url).toMatch(/accept-encoding/i);
        expect(res.body, f.url).toBe(f.text);
      }
    }
  });

  it('serves the history-mode fallback (an app route) precompressed too', async () => {
    const res = await t.app.inject({ url: '/pages/common/download', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode('br', res.rawPayload)).toBe(INDEX);
  });

  it('serves a file with no compressed copy (a font) as it is', async () => {
    const res = await t.app.inject({
      url: '/assets/font-def456.woff2',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(4);
  });
});

describe('cache headers', () => {
  it('caches hashed assets for a year, immutable, whatever the encoding', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      for (const url of ['/assets/index-abc123.js', '/assets/font-def456.woff2']) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': enc } });
        expect(res.headers['cache-control'], `${url} ${enc}`).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('revalidates index.html, the manifest and the service worker on every use (no-cache)', async () => {
    for (const enc of ['br', 'identity']) {
      for (const url of ['/', '/index.html', '/manifest.webmanifest', '/sw.js', '/pages/tabbar/mine']) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': enc } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], `${url} ${enc}`).toBe('no-cache');
      }
    }
  });
});

describe('API JSON compression', () => {
  it('compresses a large JSON answer with brotli or gzip, decoding to the same envelope', async () => {
    const plain = await t.app.inject({ url: '/api/stock/list', headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Quote times move between two calls; everything else of the envelope must be identical.
    const sameTimes = (json: string) => JSON.parse(json.replace(/"t":\d+/g, '"t":0')) as unknown;
    const envelope = sameTimes(plain.body) as { code: number; data: unknown };
    expect(envelope.code).toBe(0);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const enc of ['br', 'gzip']) {
      const res = await t.app.inject({ url: '/api/stock/list', headers: { 'accept-encoding': enc } });
      expect(res.statusCode, enc).toBe(200);
      expect(res.headers['content-encoding'], enc).toBe(enc);
      expect(String(res.headers['vary']), enc).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], enc).toMatch(/^application\/json/);
      expect(res.headers['cache-control'], enc).toBe('no-store');
      expect(res.rawPayload.length, enc).toBeLessThan(plain.rawPayload.length / 2);
      expect(sameTimes(decode(enc, res.rawPayload)), enc).toEqual(envelope);
    }
  });

  it('prefers brotli when both are accepted, and leaves small answers uncompressed', async () => {
    const big = await t.app.inject({ url: '/api/stock/list', headers: { 'accept-encoding': 'gzip, br' } });
    expect(big.headers['content-encoding']).toBe('br');
    const small = await t.app.inject({
      url: '/api/user/info',
      headers: { 'accept-encoding': 'br', 'accept-language': 'en-US' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: -1000 });
  });

  it('does not compress app files on the fly (only their precompressed copies are served)', async () => {
    fs.writeFileSync(path.join(dist, 'big.txt'), 'x'.repeat(10_000));
    const res = await t.app.inject({ url: '/big.txt', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(10_000);
  });
});

describe('untouched by compression', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  it('upgrades a WebSocket that says it accepts br and gzip, with no content-encoding', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const upgradeHeaders = await new Promise<Record<string, unknown>>((resolve, reject) => {
      ws.once('upgrade', (res) => resolve(res.headers));
      ws.once('error', reject);
    });
    await new Promise<void>((resolve) =>
      ws.readyState === WebSocket.OPEN ? resolve() : ws.once('open', resolve),
    );
    expect(upgradeHeaders['content-encoding']).toBeUndefined();
    ws.close();
  });

  it("answers what Node's parser refuses (431) in plain JSON, even when br is accepted", async () => {
    const answer = await new Promise<string>((resolve) => {
      let out = '';
      const s = net.connect(port, '127.0.0.1', () =>
        s.write(`GET /api/x HTTP/1.1\r\nAccept-Encoding: br\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`),
      );
      s.on('data', (d) => (out += d.toString()));
      s.on('close', () => resolve(out));
      s.on('error', () => resolve(out));
    });
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(head.toLowerCase()).not.toContain('content-encoding');
    expect((JSON.parse(body) as { code: number }).code).toBe(-1001);
  });
});
