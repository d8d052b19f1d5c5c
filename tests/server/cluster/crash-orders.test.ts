// Crash safety on this run's engine: a steady stream of market orders against the real server process while
// it is killed with SIGKILL at random moments, 20 times. Every order the client saw acknowledged must be in
// the database afterwards, each once, and the ledger and trading self-checks must be clean.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/database.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { startServerProcess } from '../../support/server-process.ts';
import { freshDbPlace, testDialect, type TestDbPlace } from '../../support/test-db.ts';
import { TRADE_PASSWORD, traderOn } from '../trade/trade-helpers.ts';

const KILLS = Number(process.env['CRASH_KILLS'] ?? 20);
const IN_FLIGHT = 4;

let place: TestDbPlace;
let token = '';

const open = (): Promise<Database> =>
  openDatabase({ dataDir: place.dataDir, ...(place.databaseUrl ? { databaseUrl: place.databaseUrl } : {}) });

beforeAll(async () => {
  place = await freshDbPlace();
  const database = await open();
  try {
    token = (await traderOn(database.db, { demoFundsPaisa: 100_000_000_00n, userAgent: 'crash' })).tokenDemo;
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

async function pickSymbol(url: string): Promise<string> {
  const res = await fetch(`${url}/api/stock/list?page=1&size=50`, { headers: { accesstoken: token } });
  const body = (await res.json()) as { data: { list: Array<{ symbol?: string; s?: string; p?: string }> } };
  const list = body.data.list.map((r) => r.symbol ?? r.s ?? '').filter(Boolean);
  if (!list.length) throw new Error('no stock listed');
  return list[0]!;
}

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
        const symbol = await pickSymbol(srv.url);
        let running = true;
        const worker = async () => {
          while (running) {
            const clientOrderId = `crash-${round}-${n++}`;
            sent += 1;
            try {
              const res = await fetch(`${srv.url}/api/stock/order/buy`, {
                method: 'POST',
                headers: { accesstoken: token, 'content-type': 'application/x-www-form-urlencoded' },
                body: new URLSearchParams({
                  symbol,
                  type: 'market',
                  qty: '1',
                  clientOrderId,
                  tradePassword: TRADE_PASSWORD,
                }),
              });
              const body = (await res.json()) as { code: number; data?: { id: number } };
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
        const rows = await database.db.selectFrom('stock_orders').select(['id', 'client_order_id']).execute();
        const byClient = new Map(rows.map((r) => [r.client_order_id, r.id]));
        const missing = [...acked].filter(([cid, id]) => byClient.get(cid) !== id);
        expect(missing, `acknowledged orders missing after the kills (of ${sent} sent)`).toEqual([]);
        const ledger = await ledgerSelfCheck(database.db);
        expect(ledger.ok, JSON.stringify(ledger)).toBe(true);
        const trading = await tradingSelfCheck(database.db);
        expect(trading.ok, JSON.stringify(trading)).toBe(true);
      } finally {
        await database.close();
      }
    },
  );
});
