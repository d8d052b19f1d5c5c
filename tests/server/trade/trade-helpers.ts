// Helpers for trade API tests: an app with PSX always open (unless told otherwise) and a hand-stepped market,
// users with a transaction password (created directly, with a cheap scrypt hash), and a cheap stock to trade.
import type { Db } from '../../../server/db/database.ts';
import type { SimulatedMarket } from '../../../server/domain/market/simulated-market.ts';
import type { TradingEngine } from '../../../server/domain/trading/engine.ts';
import { traderOn, type Trader } from '../../support/cheap-trader.ts';
import { makeTestApp, uniquePhone, type TestApp } from '../helpers.ts';

export { cheapHash, TRADE_PASSWORD, traderOn, type Trader } from '../../support/cheap-trader.ts';

/** Asia/Karachi wall time (UTC+5) on day `d` of November 2026 (the 16th is a Monday), as epoch ms. */
export const pkt = (d: number, h: number, mi = 0): number => Date.UTC(2026, 10, d, h - 5, mi);

export interface TradeTestApp extends TestApp {
  sim: SimulatedMarket;
  engine: TradingEngine;
}

export interface MarketSetup {
  /** market settings (e.g. PSX_ALWAYS_OPEN: '0' for the real calendar), over the trade tests' defaults */
  marketEnv?: Record<string, string>;
  /** feed steps run after the start (default 5, so books and prints exist) */
  warmSteps?: number;
}

export async function makeTradeApp(
  seed: string,
  env: Record<string, string> = {},
  { marketEnv = {}, warmSteps = 5 }: MarketSetup = {},
): Promise<TradeTestApp> {
  const t = await makeTestApp({
    MARKET_TICK: '0',
    PSX_ALWAYS_OPEN: '1',
    MARKET_SEED: seed,
    MARKET_HISTORY_DAYS: '3',
    MARKET_MINUTE_DAYS: '1',
    ...marketEnv,
    RATE_API_PER_IP_PER_MIN: '100000',
    ...env,
  });
  const engine = t.app.trading;
  // One node: the market is the simulator itself, stepped by hand (MARKET_TICK=0).
  const sim = t.app.market as SimulatedMarket;
  for (let i = 0; i < warmSteps; i++) sim.step();
  await engine.idle();
  return { ...t, sim, engine };
}

/**
 * A user created directly (no captcha, no production-cost hash) with a demo grant as registration gives,
 * a session, and the transaction password TRADE_PASSWORD unless `withPassword` is false.
 */
export async function trader(t: TestApp, withPassword = true): Promise<Trader> {
  return traderOn(t.db, { phone: uniquePhone(), demoFundsPaisa: t.config.demoFundsPaisa, withPassword });
}

let seq = 0;
export function newClientOrderId(): string {
  seq += 1;
  return `test-${process.pid}-${Date.now()}-${seq}`;
}

/** A listed PSX stock with a book on both sides and a last price, cheapest first (cheap keeps costs small). */
export function pickStock(t: TradeTestApp, maxPrice = 50): string {
  for (const ins of t.sim.instruments('psx')) {
    const book = t.sim.book(ins.symbol, 5);
    const tk = t.sim.ticker(ins.symbol);
    if (book && book.a.length && book.b.length && tk && Number(tk.p) < maxPrice && Number(tk.p) > 5)
      return ins.symbol;
  }
  throw new Error('no stock with a book');
}

export interface TradeSetup {
  t: TradeTestApp;
  /** a trader with the transaction password TRADE_PASSWORD */
  user: Trader;
  /** a cheap stock with a book on both sides (pickStock) */
  sym: string;
}

/** The usual start of a trade test: the app on `seed`'s market, one trader, one stock to trade. */
export async function tradeSetup(seed: string, env: Record<string, string> = {}): Promise<TradeSetup> {
  const t = await makeTradeApp(seed, env);
  return { t, user: await trader(t), sym: pickStock(t) };
}

/** Starts the app on a free local port, for tests over real sockets (WebSocket, concurrent HTTP). */
export async function listenLocally(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}

/** Steps the simulated market `n` times and waits until the engine has matched them all. */
export async function step(t: TradeTestApp, n = 1): Promise<void> {
  for (let i = 0; i < n; i++) t.sim.step();
  await t.engine.idle();
}

const COUNTED = [
  'users',
  'accounts',
  'sessions',
  'tokens',
  'ledger_journals',
  'ledger_postings',
  'stock_orders',
] as const;

/** Row counts of the tables a refused call must not touch (compare before and after), on either engine. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of COUNTED) {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(n);
  }
  return out;
}
