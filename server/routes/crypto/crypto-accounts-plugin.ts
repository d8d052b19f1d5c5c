// The crypto accounts area (issue 16, part 1): PKR ↔ USDT exchange, spot ↔ contract transfers, the accounts'
// balances and the crypto funds detail.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { coinAssetsRoutes } from './coin-assets-routes.ts';
import { exchangeRoutes } from './exchange-routes.ts';

export const cryptoAccountsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(exchangeRoutes);
  await app.register(coinAssetsRoutes);
};
