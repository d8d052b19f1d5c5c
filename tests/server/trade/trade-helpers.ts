// Helpers for trade API tests: an app with PSX always open and a hand-stepped market, users with a
// transaction password (one scrypt hash per test file, copied to further users), and a cheap stock to trade.
import type { FastifyInstance } from 'fastify';
import { marketOf } from '../../../server/routes/market/market-plugin.ts';
import { tradingOf } from '../../../server/routes/trade/trade-plugin.ts';
import type { SimulatedMarket } from '../../../server/domain/market/simulated-market.ts';
import type { TradingEngine } from '../../../server/domain/trading/engine.ts';
import { makeTestApp, post, registerUser, type RegisteredUser, type TestApp } from '../helpers.ts';

export const TRADE_PASSWORD = '246810';

export interface TradeTestApp extends TestApp {
  sim: SimulatedMarket;
  engine: TradingEngine;
}

export async function makeTradeApp(seed: string, env: Record<string, string> = {}): Promise<TradeTestApp> {
  Object.assign(process.env, {
    MARKET_TICK: '0',
    PSX_ALWAYS_OPEN: '1',
    MARKET_SEED: seed,
    MARKET_HISTORY_DAYS: '3',
    MARKET_MINUTE_DAYS: '1',
  });
  const t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000', ...env });
  const sim = marketOf(t.db)!;
  for (let i = 0; i < 5; i++) sim.step();
  return { ...t, sim, engine: tradingOf(t.db)! };
}

let sharedHash: string | undefined;

/** A registered user whose transaction password is TRADE_PASSWORD (set over HTTP for the first user). */
export async function traderWithPassword(app: FastifyInstance): Promise<RegisteredUser> {
  const u = await registerUser(app);
  if (sharedHash) {
    app.db.prepare('UPDATE users SET trade_password_hash = ? WHERE id = ?').run(sharedHash, u.user.id);
  } else {
    const r = await post(
      app,
      '/api/user/password/trade/set',
      { password: TRADE_PASSWORD, password2: TRADE_PASSWORD },
      { token: u.tokenDemo, lang: 'en-US' },
    );
    if (r.body.code !== 0) throw new Error(`set trade password: ${r.body.msg}`);
    sharedHash = app.db
      .prepare('SELECT trade_password_hash FROM users WHERE id = ?')
      .pluck()
      .get(u.user.id) as string;
  }
  return u;
}

/** Resets the cached hash between test files' apps (each file has its own process anyway). */
export function forgetSharedHash(): void {
  sharedHash = undefined;
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
