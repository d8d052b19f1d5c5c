// Console: news articles. GET content/news (newest first), POST content/news (create, or edit with id),
// POST content/news/:id/publish (published=1 publishes now, 0 unpublishes). Automatic articles can be
// unpublished but not edited (their text is the market's). Every change is audited.
import {
  ArticleWriteBody,
  ConsoleArticleReply,
  ConsoleArticlesReply,
  type ArticleWriteBody as ArticleWrite,
  type ConsoleArticle,
} from '../../../../contract/console-content.ts';
import { contentImageUrl } from '../../../domain/content/content-images.ts';
import { allArticles, articleById, type NewsRow } from '../../../domain/content/news-repo.ts';
import { AppError } from '../../../errors.ts';
import { contentKindRoutes } from './content-kind-routes.ts';
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

const texts = (b: ArticleWrite) => ({
  title_ur: b.titleUr,
  title_en: b.titleEn,
  body_ur: b.bodyUr,
  body_en: b.bodyEn,
});

export const consoleArticleRoutes = contentKindRoutes({
  path: '/content/news',
  subject: 'news',
  summaries: { list: 'Every article', write: 'Write an article (a new one is a draft until published)' },
  bodyLimit: 256 * 1024,
  schemas: { list: ConsoleArticlesReply, one: ConsoleArticleReply, write: ArticleWriteBody },
  all: allArticles,
  byId: articleById,
  toConsole,
  async prepare(app, b) {
    if (b.imageKey) await assertImageExists(app, b.imageKey);
  },
  async update(tx, before, b, now) {
    if (before.kind === 'auto') throw new AppError('console.forbidden');
    const image_key = b.removeImage === '1' ? null : (b.imageKey ?? before.image_key);
    await tx
      .updateTable('news_articles')
      .set({ ...texts(b), image_key, updated_at: now })
      .where('id', '=', before.id)
      .execute();
  },
  async insert(tx, b, now, operatorId) {
    const row = await tx
      .insertInto('news_articles')
      .values({
        ...texts(b),
        kind: 'operator',
        auto_key: null,
        image_key: b.imageKey ?? null,
        published_at: null,
        created_by: operatorId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  publish: {
    summary: 'Publish (1) or unpublish (0) an article',
    async write(tx, id, publishedAt, now) {
      await tx
        .updateTable('news_articles')
        .set({ published_at: publishedAt, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
  },
});
