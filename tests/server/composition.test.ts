// How the server is composed (server/app.ts): the shared services are root plugins, named, each declaring what
// it needs; they are decorated once on the root instance (tests, main.ts and benches reach them there, no
// WeakMap by database handle); and they take their settings from the configuration handed to buildApp.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerPlugin } from '../../server/plugins/ledger.ts';
import { tradingPlugin } from '../../server/plugins/trading.ts';
import { makeTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({
    PSX_ALWAYS_OPEN: '1',
    MARKET_SEED: 'composition',
    MARKET_HISTORY_DAYS: '3',
    MARKET_MINUTE_DAYS: '1',
    TRADE_COMMISSION_PPM: '2000',
  });
});
afterAll(async () => t?.close());

describe('server composition', () => {
  it('registers every shared service as a named root plugin, decorated on the root instance', () => {
    for (const name of ['config', 'db', 'redis', 'bus', 'translator', 'ledger', 'market', 'trading'])
      expect(t.app.hasPlugin(name), name).toBe(true);
    for (const d of ['config', 'db', 'bus', 'translator', 'ledger', 'market', 'leader', 'trading'])
      expect(t.app.hasDecorator(d), d).toBe(true);
    expect(t.app.trading.market).toBe(t.app.market);
    expect(t.app.ledger.db).toBe(t.app.db);
  });

  it('builds the services from the configuration it was given, not from the environment', () => {
    expect(t.app.config.market.alwaysOpen).toBe(true);
    expect(t.app.config.market.seed).toBe('composition');
    // PSX open around the clock: a Sunday night is a trading session.
    expect(t.app.market.session('psx', Date.UTC(2026, 10, 15, 20))).toBe('open');
    expect(t.app.trading.fees.commissionPpm).toBe(2000n);
    expect(t.app.trading.fees).toBe(t.app.config.fees);
  });

  it('refuses to start a service whose dependencies are not registered, naming the missing one', async () => {
    const app = Fastify();
    await expect(app.register(tradingPlugin).ready()).rejects.toThrow(
      /dependency 'config' of plugin 'trading' is not registered/,
    );
    await app.close();
    const bare = Fastify();
    await expect(bare.register(ledgerPlugin).ready()).rejects.toThrow(
      /dependency 'db' of plugin 'ledger' is not registered/,
    );
    await bare.close();
  });
});
