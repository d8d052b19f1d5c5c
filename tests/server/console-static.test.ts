// The console's bundle at /admin/: its own index.html for /admin and every console path (never the app's),
// X-Robots-Tag noindex and the strict console CSP on pages, files and API answers; the app keeps its own.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'console-dist-'));
  await mkdir(path.join(dist, 'admin', 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dist, 'admin', 'index.html'), '<!doctype html><title>console</title>');
  await writeFile(path.join(dist, 'admin', 'assets', 'x-1.js'), 'console.log(1)');
  t = await makeTestApp({ SERVE_STATIC: '1', STATIC_DIR: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

it('serves the console page for /admin paths with noindex and the strict CSP', async () => {
  for (const url of ['/admin', '/admin/', '/admin/queues/kyc']) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.body, url).toContain('<title>console</title>');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  }
  const js = await t.app.inject({ method: 'GET', url: '/admin/assets/x-1.js' });
  expect(js.statusCode).toBe(200);
  expect(js.headers['x-robots-tag']).toBe('noindex, nofollow');
  const api = await t.app.inject({ method: 'GET', url: '/admin/api/me' });
  expect(api.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(api.headers['cache-control']).toBe('no-store');
  const missing = await t.app.inject({ method: 'GET', url: '/admin/assets/none.js' });
  expect(missing.statusCode).toBe(404);
  expect(missing.body).not.toContain('<title>app</title>');
});

it('leaves the app as it was', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/pages/tabbar/markets' });
  expect(res.body).toContain('<title>app</title>');
  expect(res.headers['x-robots-tag']).toBeUndefined();
  expect(String(res.headers['content-security-policy'])).toContain("worker-src 'self' blob:");
  const admins = await t.app.inject({ method: 'GET', url: '/administrator' });
  expect(admins.body).toContain('<title>app</title>');
});
