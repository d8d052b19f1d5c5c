// The market area: creates the simulated market source (app.market, visible to the areas registered after it),
// starts its tick loop (with REDIS_URL: follows the leader's market, simulating while it holds the lease:
// cluster-market.ts), and mounts the stock, coin and watchlist calls and the WebSocket at /api/ws.
// Registered from routes/index.ts; stops the loop and persists the live bars when the app closes (before the
// database closes: the db plugin was registered first, so it closes after).

import type { FastifyPluginAsync } from 'fastify';
import type { MarketSource } from '../../domain/market/market-source.ts';
import { SimulatedMarket } from '../../domain/market/simulated-market.ts';
import { globalPlugin } from '../../plugins/global-plugin.ts';
import { clusterName } from '../../domain/cluster/cluster-name.ts';
import { startClusterMarket, type Leadership } from './cluster-market.ts';
import { coinRoutes } from './coin-routes.ts';
import { collectRoutes } from './collect-routes.ts';
import { marketConfig } from './market-config.ts';
import { stockRoutes } from './stock-routes.ts';
import { wsRoutes } from './ws-route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The market feed (today the simulator); read-only for other areas. */
    market: MarketSource & { start(): void; stop(): void | Promise<void> };
    /** Whether this node runs the simulator and the matching (always, on one node): cluster-market.ts. */
    leader: Leadership;
  }
}

const ALWAYS: Leadership = { leading: true, onChange: () => () => undefined };

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
  if (app.redis) {
    // Several nodes: every node follows the leader's market; the lease holder simulates.
    const cluster = await startClusterMarket({
      db: app.db,
      pool: app.database.pool,
      bus: app.bus,
      redis: app.redis,
      sim: { ...cfg, onWriteError: (err) => app.log.error({ err }, 'market: writing bars failed') },
      log: app.log,
      nodeId: app.config.nodeId,
      snapshotKey: `${clusterName(app.config)}:market:snapshot`,
    });
    app.decorate('market', cluster.market);
    app.decorate('leader', cluster.leader);
    app.addHook('onClose', async () => cluster.close());
    return;
  }
  app.decorate('leader', ALWAYS);
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
