// The market area's calls: stock, coin and watchlist calls and the market WebSocket at /api/ws. Only routes:
// the feed is `app.market` (plugins/market.ts).
import type { FastifyPluginAsync } from 'fastify';
import { coinRoutes } from './coin-routes.ts';
import { collectRoutes } from './collect-routes.ts';
import { stockRoutes } from './stock-routes.ts';
import { wsRoutes } from './ws-route.ts';

export const marketRoutes: FastifyPluginAsync = async (app) => {
  await app.register(stockRoutes);
  await app.register(coinRoutes);
  await app.register(collectRoutes);
  await app.register(wsRoutes);
};
