// The withdraw area (issue 15): the withdrawal password and withdrawals (bank, wallet, crypto).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withdrawPasswordRoutes } from './withdraw-password-routes.ts';
import { withdrawRoutes } from './withdraw-routes.ts';

export const withdrawAreaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(withdrawPasswordRoutes);
  await app.register(withdrawRoutes);
};
