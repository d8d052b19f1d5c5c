// News articles: the published ones for users (newest first), the console's list of all, writes by operators,
// and automatic articles made once under an idempotent key (auto-news.ts).
import type { NewsArticle, NewsItem } from '../../../contract/notice.ts';
import type { Db } from '../../db/database.ts';
import type { NewsArticlesTable } from '../../db/schema.ts';
import type { Lang } from '../../../workers/protocol/api.ts';
import { contentImageUrl } from './content-images.ts';
import { inLang, summaryOf } from './localised.ts';

export type NewsRow = Omit<NewsArticlesTable, 'id'> & { id: number };

export function toNewsItem(r: NewsRow, lang: Lang): NewsItem {
  return {
    id: r.id,
    kind: r.kind,
    title: inLang(lang, r.title_ur, r.title_en),
    summary: summaryOf(inLang(lang, r.body_ur, r.body_en)),
    image: r.image_key ? contentImageUrl(r.image_key) : null,
    publishedAt: r.published_at ?? r.created_at,
  };
}

export const toNewsArticle = (r: NewsRow, lang: Lang): NewsArticle => ({
  ...toNewsItem(r, lang),
  body: inLang(lang, r.body_ur, r.body_en),
});

/** Published articles, newest first; `now` hides ones scheduled for later. */
export async function publishedNews(db: Db, page: number, size: number, now: number) {
  const base = db
    .selectFrom('news_articles')
    .where('published_at', 'is not', null)
    .where('published_at', '<=', now);
  const [list, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: list as NewsRow[], total: Number(count.n) };
}

export async function publishedArticle(db: Db, id: number, now: number): Promise<NewsRow | undefined> {
  return (await db
    .selectFrom('news_articles')
    .selectAll()
    .where('id', '=', id)
    .where('published_at', 'is not', null)
    .where('published_at', '<=', now)
    .executeTakeFirst()) as NewsRow | undefined;
}

export async function articleById(db: Db, id: number): Promise<NewsRow | undefined> {
  return (await db.selectFrom('news_articles').selectAll().where('id', '=', id).executeTakeFirst()) as
    NewsRow | undefined;
}

/** Every article for the console, newest first, 100 at most below `before`. */
export async function allArticles(db: Db, before?: number): Promise<NewsRow[]> {
  let q = db.selectFrom('news_articles').selectAll();
  if (before !== undefined) q = q.where('id', '<', before);
  return (await q.orderBy('id', 'desc').limit(100).execute()) as NewsRow[];
}

/**
 * An automatic article, made once per `autoKey` (a unique column: a second node or a restart that tries the
 * same day again inserts nothing). Returns true when this call made it.
 */
export async function insertAutoArticle(
  db: Db,
  a: { autoKey: string; title: [ur: string, en: string]; body: [ur: string, en: string]; now: number },
): Promise<boolean> {
  const r = await db
    .insertInto('news_articles')
    .values({
      kind: 'auto',
      auto_key: a.autoKey,
      title_ur: a.title[0],
      title_en: a.title[1],
      body_ur: a.body[0],
      body_en: a.body[1],
      image_key: null,
      published_at: a.now,
      created_by: null,
      created_at: a.now,
      updated_at: a.now,
    })
    .onConflict((oc) => oc.column('auto_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}
