// The contract area's routes (coin/contract/order/*, contract/perp-orders.ts).
import type { FastifyPluginAsync } from 'fastify';
import { perpHistoryRoute } from './perp-history-route.ts';
import { perpReadRoutes } from './perp-read-routes.ts';
import { perpTickerRoute } from './perp-ticker-route.ts';
import { perpWriteRoutes } from './perp-write-routes.ts';

export const perpRoutes: FastifyPluginAsync = async (app) => {
  await app.register(perpWriteRoutes);
  await app.register(perpReadRoutes);
  await app.register(perpTickerRoute);
  await app.register(perpHistoryRoute);
};
