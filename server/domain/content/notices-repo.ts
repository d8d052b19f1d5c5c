// Platform notices: the published ones for everyone (newest first), the current system pop-up (the newest
// published notice flagged system_popup), and the console's list of all.
import type { PlatformNotice } from '../../../contract/notice.ts';
import type { Db } from '../../db/database.ts';
import type { PlatformNoticesTable } from '../../db/schema.ts';
import type { Lang } from '../../../workers/protocol/api.ts';
import { inLang } from './localised.ts';

export type NoticeRow = Omit<PlatformNoticesTable, 'id' | 'system_popup'> & {
  id: number;
  system_popup: number;
};

export const toNotice = (r: NoticeRow, lang: Lang): PlatformNotice => ({
  id: r.id,
  title: inLang(lang, r.title_ur, r.title_en),
  body: inLang(lang, r.body_ur, r.body_en),
  system: r.system_popup === 1,
  publishedAt: r.published_at ?? r.created_at,
});

export async function publishedNotices(db: Db, page: number, size: number, now: number) {
  const base = db
    .selectFrom('platform_notices')
    .where('published_at', 'is not', null)
    .where('published_at', '<=', now);
  const [list, count, system] = await Promise.all([
    base
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .where('system_popup', '=', 1)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { list: list as NoticeRow[], total: Number(count.n), system: system as NoticeRow | undefined };
}

export async function noticeById(db: Db, id: number): Promise<NoticeRow | undefined> {
  return (await db.selectFrom('platform_notices').selectAll().where('id', '=', id).executeTakeFirst()) as
    NoticeRow | undefined;
}

export async function allNotices(db: Db, before?: number): Promise<NoticeRow[]> {
  let q = db.selectFrom('platform_notices').selectAll();
  if (before !== undefined) q = q.where('id', '<', before);
  return (await q.orderBy('id', 'desc').limit(100).execute()) as NoticeRow[];
}
