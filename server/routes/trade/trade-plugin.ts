// The trade area's calls: the transaction password, orders, positions and money views, and the private
// WebSocket channel. Only routes: the engine is `app.trading` (plugins/trading.ts).
import type { FastifyPluginAsync } from 'fastify';
import { accountWsRoutes } from './account-ws.ts';
import { holdRoutes } from './hold-routes.ts';
import { orderRoutes } from './order-routes.ts';
import { passwordRoutes } from './password-routes.ts';

export const tradeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(passwordRoutes);
  await app.register(orderRoutes);
  await app.register(holdRoutes);
  await app.register(accountWsRoutes);
};
