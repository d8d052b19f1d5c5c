// News, notices, Home banners and personal messages (issue 19 items 1–4).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { newsRoutes } from './news-routes.ts';
import { noticeRoutes } from './notice-routes.ts';
import { userNoticeRoutes } from './user-notice-routes.ts';

export const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(newsRoutes);
  await app.register(noticeRoutes);
  await app.register(userNoticeRoutes);
};
