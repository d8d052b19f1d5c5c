// The chat bench at full size (issue 19's test): 200 users and 5 operators chatting at once for a minute on
// one node (SQLite in a temp DATA_DIR), every delivery checked as in the CI test (tests/support/chat-load.ts):
// nothing lost or duplicated, order kept per conversation. `npm run bench` runs it after the server bench;
// alone: `npx tsx bench/server/chat-load.ts`. BENCH_QUICK=1: 50 users, 2 operators, 10 s. Writes
// bench/results/chat.json (the quick run: the temp directory); exits 1 when a problem was found.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { createOperator } from '../../server/domain/console/operators-repo.ts';
import { openConsoleSession } from '../../server/domain/console/console-sessions.ts';
import { CONSOLE_COOKIE } from '../../contract/console.ts';
import { runChatLoad } from '../../tests/support/chat-load.ts';
import { traderOn } from '../../tests/support/cheap-trader.ts';

const QUICK = process.env['BENCH_QUICK'] === '1';
const SIZE = QUICK
  ? { users: 50, operators: 2, durationMs: 10_000 }
  : { users: 200, operators: 5, durationMs: 60_000 };
const RESULTS = QUICK ? join(os.tmpdir(), 'pk-trade-chat-bench-quick.json') : 'bench/results/chat.json';

const dataDir = mkdtempSync(join(os.tmpdir(), 'pk-trade-chat-bench-'));
const config = loadConfig({
  SERVE_STATIC: '0',
  MARKET_TICK: '0',
  MARKET_HISTORY_DAYS: '2',
  DATA_DIR: dataDir,
  WS_PER_IP: String(SIZE.users + SIZE.operators + 10),
});
const app = await buildApp({ config });
await app.listen({ port: 0, host: '127.0.0.1' });
const host = `127.0.0.1:${(app.server.address() as { port: number }).port}`;
try {
  const tokens: string[] = [];
  for (let i = 0; i < SIZE.users; i++) {
    const phone = `35${String(i).padStart(8, '0')}`;
    tokens.push((await traderOn(app.db, { phone, demoFundsPaisa: 0n })).tokenDemo);
  }
  const cookies: string[] = [];
  for (let i = 0; i < SIZE.operators; i++) {
    const r = await createOperator(
      app.db,
      CLI_ACTOR,
      { username: `bench${i}`, password: 'operator-password-1', roles: 'support' },
      Date.now(),
    );
    const token = await openConsoleSession(app.db, r.operator.id, Date.now());
    cookies.push(`${CONSOLE_COOKIE}=${token}`);
  }
  // A user writes every 2.5 s: 24 a minute, under the 30 a minute each conversation may send.
  const r = await runChatLoad(host, app.db, tokens, cookies, {
    durationMs: SIZE.durationMs,
    userIntervalMs: 2_500,
  });
  const out = { at: new Date().toISOString(), quick: QUICK, ...r, problems: r.problems.slice(0, 20) };
  writeFileSync(RESULTS, `${JSON.stringify(out, null, 2)}\n`);
  console.log(
    `chat: ${r.users} users, ${r.operators} operators, ${Math.round(r.durationMs / 1000)} s, ${r.messages} messages, ` +
      `latency p50 ${r.latencyP50} ms p95 ${r.latencyP95} ms max ${r.latencyMax} ms, problems ${r.problems.length}`,
  );
  if (r.problems.length) process.exitCode = 1;
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
