// The market area: creates the simulated market source (app.market, visible to the areas registered after it),
// starts its tick loop, and mounts the stock, coin and watchlist calls and the WebSocket at /api/ws.
// Registered from routes/index.ts; stops the loop and persists the live bars when the app closes (before the
// database closes: the db plugin was registered first, so it closes after).

import type { FastifyPluginAsync } from 'fastify';
import type { MarketSource } from '../../domain/market/market-source.ts';
import { SimulatedMarket } from '../../domain/market/simulated-market.ts';
import { globalPlugin } from '../../plugins/global-plugin.ts';
import { coinRoutes } from './coin-routes.ts';
import { collectRoutes } from './collect-routes.ts';
import { marketConfig } from './market-config.ts';
import { stockRoutes } from './stock-routes.ts';
import { wsRoutes } from './ws-route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The market feed (today the simulator); read-only for other areas. */
    market: MarketSource & { start(): void; stop(): Promise<void> };
  }
}

/**
 * The market of an app, by its database handle (`app.db`): app.market is decorated inside the /api context,
 * which code holding the root instance (tests, main.ts, benches) cannot see.
 */
const byDb = new WeakMap<object, SimulatedMarket>();
export function marketOf(db: object): SimulatedMarket | undefined {
  return byDb.get(db);
}

const sourcePlugin = globalPlugin('market-source', async (app) => {
  const cfg = marketConfig(process.env);
  const market = await SimulatedMarket.open(app.db, {
    ...cfg,
    onWriteError: (err) => app.log.error({ err }, 'market: writing bars failed'),
  });
  byDb.set(app.db, market);
  app.decorate('market', market);
  if (cfg.tick) market.start();
  app.addHook('onClose', async () => {
    await market.stop();
  });
});

export const marketRoutes: FastifyPluginAsync = globalPlugin('market', async (app) => {
  await app.register(sourcePlugin);
  await app.register(stockRoutes);
  await app.register(coinRoutes);
  await app.register(collectRoutes);
  await app.register(wsRoutes);
});
