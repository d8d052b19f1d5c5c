// The console's content pages' API (issue 19): news, notices, Home banners and their images.
import type { FastifyPluginAsync } from 'fastify';
import { consoleArticleRoutes } from './articles-routes.ts';
import { consoleBannerRoutes } from './banners-routes.ts';
import { consoleImageRoute } from './images-route.ts';
import { consoleNoticeRoutes } from './notices-routes.ts';

export const consoleContentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(consoleArticleRoutes);
  await app.register(consoleNoticeRoutes);
  await app.register(consoleBannerRoutes);
  await app.register(consoleImageRoute);
};
