// The Urdu font is preloaded with the app's pages for readers of Urdu only (issue 14 §3): a Link header on the
// HTML unless the `lang` cookie says English; never on the console, on files, or on API answers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieLang, findNastaliqRegular } from '../../server/plugins/font-preload.ts';
import { makeTestApp, type TestApp } from './helpers.ts';

const FONT = 'noto-nastaliq-urdu-arabic-400-normal-qZj6B-Oo.woff2';
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-trade-font-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'admin'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(dist, 'admin', 'index.html'), '<!doctype html><title>console</title>');
  fs.writeFileSync(path.join(dist, 'assets', FONT), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  fs.writeFileSync(path.join(dist, 'assets', 'noto-nastaliq-urdu-arabic-700-normal-DfGkevHv.woff2'), 'x');
  t = await makeTestApp({ SERVE_STATIC: '1', STATIC_DIR: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('Urdu font preload', () => {
  it('finds the regular weight of the build', () => {
    expect(findNastaliqRegular(dist)).toBe(`/assets/${FONT}`);
    expect(findNastaliqRegular(path.join(dist, 'nowhere'))).toBeNull();
  });

  it('preloads it with the app page in Urdu, the default', async () => {
    for (const [url, cookie] of [
      ['/', undefined],
      ['/pages/tabbar/markets', undefined],
      ['/pages/tabbar/home', 'lang=ur-PK'],
      ['/pages/tabbar/home', 'theme=dark; lang=ur-PK; x=1'],
    ] as const) {
      const res = await get(url, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers.link).toBe(
        `</assets/${FONT}>; rel=preload; as=font; type="font/woff2"; crossorigin`,
      );
    }
  });

  it('does not preload it in English, on the console, on files or on the API', async () => {
    expect((await get('/pages/tabbar/home', 'lang=en-US')).headers.link).toBeUndefined();
    expect((await get('/', 'a=b; lang=en-US')).headers.link).toBeUndefined();
    expect((await get('/admin/')).headers.link).toBeUndefined();
    expect((await get(`/assets/${FONT}`)).headers.link).toBeUndefined();
    expect((await get('/api/common/props')).headers.link).toBeUndefined();
  });

  it('reads only a well-formed lang cookie', () => {
    expect(cookieLang('lang=en-US')).toBe('en-US');
    expect(cookieLang('xlang=en-US')).toBeNull();
    expect(cookieLang('lang=<script>')).toBeNull();
    expect(cookieLang(undefined)).toBeNull();
  });
});
