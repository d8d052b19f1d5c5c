// Console: news articles. GET content/news (newest first), POST content/news (create, or edit with id),
// POST content/news/:id/publish (published=1 publishes now, 0 unpublishes). Automatic articles can be
// unpublished but not edited (their text is the market's). Every change is audited.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArticleWriteBody,
  ConsoleArticleReply,
  ConsoleArticlesReply,
  ContentIdParams,
  PublishBody,
  type ConsoleArticle,
} from '../../../../contract/console-content.ts';
import { contentImageUrl } from '../../../domain/content/content-images.ts';
import { allArticles, articleById, type NewsRow } from '../../../domain/content/news-repo.ts';
import { AppError, fieldError } from '../../../errors.ts';
import { ok } from '../../../plugins/envelope.ts';
import { FORM } from '../../route-docs.ts';
import { operatorOf } from '../console-auth.ts';
import { auditedWrite, CONTENT_ROLES } from './content-audit.ts';
import { assertImageExists } from './images-route.ts';

const toConsole = (r: NewsRow): ConsoleArticle => ({
  id: r.id,
  kind: r.kind,
  titleUr: r.title_ur,
  titleEn: r.title_en,
  bodyUr: r.body_ur,
  bodyEn: r.body_en,
  imageKey: r.image_key,
  image: r.image_key ? contentImageUrl(r.image_key) : null,
  publishedAt: r.published_at,
  createdAt: r.created_at,
});

const BODY_LIMIT = 256 * 1024;
const config = { auth: 'public', consoleRoles: CONTENT_ROLES } as const;

export const consoleArticleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/content/news',
    {
      config,
      schema: { tags: ['console'], hide: true, summary: 'Every article', response: ConsoleArticlesReply },
    },
    async () => ok((await allArticles(app.db)).map(toConsole)),
  );

  app.post(
    '/content/news',
    {
      config,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'Write an article (a new one is a draft until published)',
        consumes: FORM,
        body: ArticleWriteBody,
        response: ConsoleArticleReply,
      },
    },
    async (request) => {
      const b = request.body;
      if (b.imageKey) await assertImageExists(app, b.imageKey);
      const opId = operatorOf(request).id;
      const after = await auditedWrite(
        app,
        request,
        { action: b.id ? 'news.edit' : 'news.create', subjectType: 'news' },
        async (tx, now) => {
          const texts = { title_ur: b.titleUr, title_en: b.titleEn, body_ur: b.bodyUr, body_en: b.bodyEn };
          if (b.id) {
            const before = await articleById(tx, Number(b.id));
            if (!before) throw fieldError('id', 'notice:errors.notFound');
            if (before.kind === 'auto') throw new AppError('console.forbidden');
            const image_key = b.removeImage === '1' ? null : (b.imageKey ?? before.image_key);
            await tx
              .updateTable('news_articles')
              .set({ ...texts, image_key, updated_at: now })
              .where('id', '=', before.id)
              .execute();
            return {
              id: before.id,
              before: toConsole(before),
              after: toConsole((await articleById(tx, before.id))!),
            };
          }
          const row = await tx
            .insertInto('news_articles')
            .values({
              ...texts,
              kind: 'operator',
              auto_key: null,
              image_key: b.imageKey ?? null,
              published_at: null,
              created_by: opId,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { id: row.id, before: null, after: toConsole((await articleById(tx, row.id))!) };
        },
      );
      return ok(after);
    },
  );

  app.post(
    '/content/news/:id/publish',
    {
      config,
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'Publish (1) or unpublish (0) an article',
        consumes: FORM,
        params: ContentIdParams,
        body: PublishBody,
        response: ConsoleArticleReply,
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const publish = request.body.published === '1';
      const after = await auditedWrite(
        app,
        request,
        { action: publish ? 'news.publish' : 'news.unpublish', subjectType: 'news' },
        async (tx, now) => {
          const before = await articleById(tx, id);
          if (!before) throw new AppError('notice:errors.notFound');
          await tx
            .updateTable('news_articles')
            .set({ published_at: publish ? now : null, updated_at: now })
            .where('id', '=', id)
            .execute();
          return { id, before: toConsole(before), after: toConsole((await articleById(tx, id))!) };
        },
      );
      return ok(after);
    },
  );
};
