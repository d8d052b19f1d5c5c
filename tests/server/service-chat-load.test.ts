// The chat under load at a size that fits CI: 40 users and 3 operators chatting for 10 s on one node. Nothing
// lost or duplicated, the order kept per conversation, every socket receiving 1..N once each (the full size,
// 200 users and 5 operators for a minute, is the bench: bench/server/chat-load.ts, `npm run bench`).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runChatLoad } from '../support/chat-load.ts';
import { traderOn } from '../support/cheap-trader.ts';
import { cookieOf, makeOperator } from './console-helpers.ts';
import { makeTestApp, uniquePhone, type TestApp } from './helpers.ts';

let t: TestApp;
let host: string;

beforeAll(async () => {
  t = await makeTestApp({ WS_PER_IP: '100' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => t.close());

it('delivers every message once, in order, to both sides: 40 users and 3 operators for 10 s', async () => {
  const tokens: string[] = [];
  for (let i = 0; i < 40; i++)
    tokens.push((await traderOn(t.db, { phone: uniquePhone(), demoFundsPaisa: 0n })).tokenDemo);
  const cookies: string[] = [];
  for (let i = 0; i < 3; i++) cookies.push(await cookieOf(t, await makeOperator(t, 'support')));
  const r = await runChatLoad(host, t.db, tokens, cookies, { durationMs: 10_000, userIntervalMs: 1_000 });
  // Joined, so a failure shows every problem rather than a truncated array.
  expect(r.problems.join('\n')).toBe('');
  // 40 users × about 10 messages each, each answered.
  expect(r.messages).toBeGreaterThan(40 * 8 * 2);
}, 90_000);
