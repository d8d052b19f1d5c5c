// index/news (published articles, paged, newest first) and index/news/info (one article): guests may read.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ContentIdQuery,
  ContentPageQuery,
  NewsArticleReply,
  NewsPageReply,
} from '../../../contract/notice.ts';
import {
  publishedArticle,
  publishedNews,
  toNewsArticle,
  toNewsItem,
} from '../../domain/content/news-repo.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';

export const pageOf = (q: { page?: string; size?: string }) => ({
  page: Number(q.page ?? '1'),
  size: Number(q.size ?? '20'),
});

export const newsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/index/news',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['index'],
        summary: 'Published news, newest first (operator articles and automatic market news)',
        querystring: ContentPageQuery,
        response: NewsPageReply,
      },
    },
    async (request) => {
      const { page, size } = pageOf(request.query);
      const r = await publishedNews(app.db, page, size, Date.now());
      return ok({ list: r.list.map((row) => toNewsItem(row, request.lang)), total: r.total, page, size });
    },
  );

  app.get(
    '/index/news/info',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['index'],
        summary: 'One published article with its body',
        querystring: ContentIdQuery,
        response: NewsArticleReply,
      },
    },
    async (request) => {
      const row = await publishedArticle(app.db, Number(request.query.id), Date.now());
      if (!row) throw new AppError('notice:errors.newsNotFound');
      return ok(toNewsArticle(row, request.lang));
    },
  );
};
