// The market feed (`app.market`, today the simulator) and this node's leadership (`app.leader`). On one node it
// opens the SimulatedMarket on the database and starts its tick loop (config.market.tick). With Redis (several
// nodes) every node follows the leader's market and the lease holder simulates (domain/cluster/cluster-market.ts).
// It stops the loop and persists the live bars when the app closes, before the database closes.
import fp from 'fastify-plugin';
import { redisKey } from '../domain/cluster/cluster-name.ts';
import { startClusterMarket, type Leadership } from '../domain/cluster/cluster-market.ts';
import type { MarketSource } from '../domain/market/market-source.ts';
import { SimulatedMarket } from '../domain/market/simulated-market.ts';
import { followListings, listedOfferings } from '../domain/ipo/ipo-listing.ts';
import { followTokenListings, listedTokenSales } from '../domain/ico/ico-listing.ts';
import { followScenarios, type ScenarioTarget } from '../domain/market/market-scenarios.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The market feed (today the simulator); read-only for the areas. */
    market: MarketSource & { start(): void; stop(): void | Promise<void> };
    /** Whether this node runs the simulator and the matching (always, on one node). */
    leader: Leadership;
  }
}

const ALWAYS: Leadership = { leading: true, onChange: () => () => undefined };

export const marketPlugin = fp(
  async (app) => {
    const { market: cfg, nodeId } = app.config;
    const sim = {
      ...cfg,
      onWriteError: (err: unknown) => app.log.error({ err }, 'market: writing bars failed'),
      // ---- IPO listings (issue 17): listed offerings join the market at every open, and when announced
      listings: async () => [
        ...(await listedOfferings(app.db)),
        // ---- coin ICO (issue 17 §7): listed token sales join as USDT pairs (domain/ico/ico-listing.ts)
        ...(await listedTokenSales(app.db)),
      ],
    };
    const listingsFailed = (err: unknown) => app.log.error({ err }, 'market: adding a listing failed');
    // ---- market scenarios (issue 16 item 7): only with SIM_CONTROLS=1, the leader starts what operators asked
    const scenarios = (simulator: () => ScenarioTarget | undefined) =>
      app.config.simControls
        ? followScenarios({
            bus: app.bus,
            db: app.db,
            simulator,
            onError: (err) => app.log.error({ err }, 'market: starting a scenario failed'),
          })
        : async () => undefined;
    if (app.redis) {
      const cluster = await startClusterMarket({
        db: app.db,
        pool: app.database.pool,
        bus: app.bus,
        redis: app.redis,
        sim,
        log: app.log,
        nodeId,
        snapshotKey: redisKey(app.config, 'market:snapshot'),
      });
      app.decorate('market', cluster.market);
      app.decorate('leader', cluster.leader);
      const follow = {
        bus: app.bus,
        db: app.db,
        simulator: cluster.simulator,
        onError: listingsFailed,
        everyMs: cfg.listingsEveryMs,
      };
      const stopListings = followListings(follow);
      const stopTokens = followTokenListings(follow); // ---- coin ICO
      const stopScenarios = scenarios(cluster.simulator);
      app.addHook('onClose', async () => {
        stopListings();
        stopTokens();
        await stopScenarios();
        await cluster.close();
      });
      return;
    }
    const market = await SimulatedMarket.open(app.db, sim);
    app.decorate('market', market);
    app.decorate('leader', ALWAYS);
    const follow = {
      bus: app.bus,
      db: app.db,
      simulator: () => market,
      onError: listingsFailed,
      everyMs: cfg.listingsEveryMs,
    };
    const stopListings = followListings(follow);
    const stopTokens = followTokenListings(follow); // ---- coin ICO
    const stopScenarios = scenarios(() => market);
    if (cfg.tick) market.start();
    app.addHook('onClose', async () => {
      stopListings();
      stopTokens();
      await stopScenarios();
      await market.stop();
    });
  },
  { name: 'market', dependencies: ['config', 'db', 'redis', 'bus'] },
);
