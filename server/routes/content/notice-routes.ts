// index/notice (platform notices, paged, with the current system pop-up), index/ads (the Home banners) and the
// public content images (GET content/image/<key>, immutable): guests may read all three.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BannersReply, ContentPageQuery, NoticePageReply } from '../../../contract/notice.ts';
import { activeBanners, toBanner } from '../../domain/content/banners-repo.ts';
import { readContentImage } from '../../domain/content/content-images.ts';
import { publishedNotices, toNotice } from '../../domain/content/notices-repo.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { pageOf } from './news-routes.ts';

export const noticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/index/notice',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['index'],
        summary: 'Published platform notices, newest first, and the system notice shown once on Home',
        description:
          'Platform notices have no read state on the server: the app remembers which it has shown ' +
          '(noticeData, systemNotice).',
        querystring: ContentPageQuery,
        response: NoticePageReply,
      },
    },
    async (request) => {
      const { page, size } = pageOf(request.query);
      const r = await publishedNotices(app.db, page, size, Date.now());
      return ok({
        list: r.list.map((row) => toNotice(row, request.lang)),
        total: r.total,
        page,
        size,
        systemNotice: r.system ? toNotice(r.system, request.lang) : null,
      });
    },
  );

  app.get(
    '/index/ads',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['index'],
        summary: 'The Home carousel: active banners inside their window, in order',
        response: BannersReply,
      },
    },
    async (request) => {
      const rows = await activeBanners(app.db, Date.now());
      return ok(rows.map((r) => toBanner(r, request.lang)));
    },
  );

  app.get(
    '/content/image/:key',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['index'],
        // Bytes, not the JSON envelope: the URLs come in index/news and index/ads answers.
        hide: true,
        summary: 'An image of a news article or banner (JPEG; a key never changes content)',
        params: Type.Object({ key: Type.String({ minLength: 1, maxLength: 40 }) }),
      },
    },
    async (request, reply) => {
      const bytes = await readContentImage(app.db, app.config.dataDir, request.params.key);
      if (!bytes) throw new AppError('notice:errors.imageNotFound');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('image/jpeg')
        .send(bytes);
    },
  );
};
