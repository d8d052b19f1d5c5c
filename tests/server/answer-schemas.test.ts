// The answer check of the test helpers is real: every API route registered a response schema, a success answer
// that breaks it and an error answer that is not the error envelope both throw.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer, responseSchemaOf } from './answer-schemas.ts';
import { get, makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('answer schemas in the test helpers', () => {
  it('knows the response schema of every call in the OpenAPI document', async () => {
    const doc = (await get(t.app, '/api/openapi.json')) as unknown as { body: { paths: object } };
    const paths = doc.body.paths as Record<string, Record<string, unknown>>;
    const calls = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => [m.toUpperCase(), path] as const),
    );
    expect(calls.length).toBeGreaterThan(40);
    for (const [method, path] of calls)
      expect(responseSchemaOf(t.app, method, path), `${method} ${path}`).toBeDefined();
  });

  it('throws for a success answer that breaks its schema and for a malformed error', () => {
    const bad = { code: 0, msg: '', data: { list: 'x', total: 1, page: 1, size: 1 } };
    expect(() => checkAnswer(t.app, 'GET', '/api/stock/list', bad)).toThrow(/does not match/);
    const noPrice = { code: 0, msg: '', data: { s: 'BTCUSDT' } };
    expect(() => checkAnswer(t.app, 'POST', '/api/coin/ticker', noPrice)).toThrow(/does not match/);
    expect(() => checkAnswer(t.app, 'GET', '/api/user/info', { code: -1001, msg: 'x', data: {} })).toThrow();
    expect(() =>
      checkAnswer(t.app, 'GET', '/api/user/info', { code: -1000, msg: 'x', data: null }),
    ).not.toThrow();
  });
});
