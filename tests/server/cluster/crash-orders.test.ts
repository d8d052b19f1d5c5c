// Crash safety on this run's engine: a steady stream of market orders against the real server process while
// it is killed with SIGKILL at random moments. Every order the client saw acknowledged must be in the database
// afterwards, each once, and the ledger and trading self-checks must be clean. `npm test` kills it 8 times per
// database (each round starts a server process: 20 rounds cost CI 3 minutes over both databases); `npm run bench`
// runs the full 20 on both (CRASH_KILLS=20, scripts/bench.mjs).
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/database.ts';
import { startServerProcess } from '../../support/server-process.ts';
import { freshDbPlace, testDialect, type TestDbPlace } from '../../support/test-db.ts';
import { traderOn } from '../../support/cheap-trader.ts';
import { expectOrdersKept, firstStock, placeBuy } from './orders-kept.ts';

const KILLS = Number(process.env['CRASH_KILLS'] ?? 8);
const IN_FLIGHT = 4;

let place: TestDbPlace;
let token = '';

const open = (): Promise<Database> =>
  openDatabase({ dataDir: place.dataDir, ...(place.databaseUrl ? { databaseUrl: place.databaseUrl } : {}) });

beforeAll(async () => {
  place = await freshDbPlace();
  const database = await open();
  try {
    token = (
      await traderOn(database.db, {
        phone: '3001112233',
        demoFundsPaisa: 100_000_000_00n,
        userAgent: 'crash',
      })
    ).tokenDemo;
  } finally {
    await database.close();
  }
});
afterAll(async () => place?.remove());

const ENV = {
  SERVE_STATIC: '0',
  PSX_ALWAYS_OPEN: '1',
  MARKET_HISTORY_DAYS: '3',
  MARKET_MINUTE_DAYS: '1',
  RATE_API_PER_IP_PER_MIN: '1000000',
};

describe(`crash safety on ${testDialect()}`, () => {
  it(
    `keeps every acknowledged order through ${KILLS} kill -9s under load`,
    { timeout: 600_000 },
    async () => {
      const acked = new Map<string, number>();
      let sent = 0;
      let n = 0;
      for (let round = 0; round < KILLS; round++) {
        const srv = await startServerProcess({ ...ENV, ...place.env });
        const symbol = await firstStock(srv.url);
        let running = true;
        const worker = async () => {
          while (running) {
            const clientOrderId = `crash-${round}-${n++}`;
            sent += 1;
            try {
              const body = await placeBuy(srv.url, token, symbol, clientOrderId);
              if (body.code === 0 && body.data) acked.set(clientOrderId, body.data.id);
            } catch {
              // the process died under this request: not acknowledged
            }
          }
        };
        const workers = Array.from({ length: IN_FLIGHT }, worker);
        await new Promise((r) => setTimeout(r, randomInt(150, 700)));
        await srv.kill('SIGKILL');
        running = false;
        await Promise.all(workers);
        await srv.stop();
      }
      expect(acked.size).toBeGreaterThan(KILLS);
      const database = await open();
      try {
        await expectOrdersKept(
          database.db,
          acked,
          'crash-',
          `acknowledged orders missing after the kills (of ${sent} sent)`,
        );
      } finally {
        await database.close();
      }
    },
  );
});
