// The deposits area (issue 15): the public settings calls, bank/wallet/offline deposits, crypto deposits.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { coinDepositRoutes } from './coin-routes.ts';
import { rechargeRoutes } from './recharge-routes.ts';
import { settingsRoutes } from './settings-routes.ts';

export const depositRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(settingsRoutes);
  await app.register(rechargeRoutes);
  await app.register(coinDepositRoutes);
};
