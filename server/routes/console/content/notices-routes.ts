// Console: platform notices. GET content/notices, POST content/notices (create, or edit with id; system=1
// makes it the system pop-up shown once on Home), POST content/notices/:id/publish (1 publishes now, 0
// unpublishes). Every change is audited.
import {
  ConsoleNoticeReply,
  ConsoleNoticesReply,
  NoticeWriteBody,
  type NoticeWriteBody as NoticeWrite,
  type ConsoleNotice,
} from '../../../../contract/console-content.ts';
import { allNotices, noticeById, type NoticeRow } from '../../../domain/content/notices-repo.ts';
import { contentKindRoutes } from './content-kind-routes.ts';

const toConsole = (r: NoticeRow): ConsoleNotice => ({
  id: r.id,
  titleUr: r.title_ur,
  titleEn: r.title_en,
  bodyUr: r.body_ur,
  bodyEn: r.body_en,
  system: r.system_popup === 1,
  publishedAt: r.published_at,
  createdAt: r.created_at,
});

const values = (b: NoticeWrite) => ({
  title_ur: b.titleUr,
  title_en: b.titleEn,
  body_ur: b.bodyUr,
  body_en: b.bodyEn,
  system_popup: b.system === '1' ? 1 : 0,
});

export const consoleNoticeRoutes = contentKindRoutes({
  path: '/content/notices',
  subject: 'notice',
  summaries: { list: 'Every notice', write: 'Write a notice (a new one is a draft until published)' },
  bodyLimit: 256 * 1024,
  schemas: { list: ConsoleNoticesReply, one: ConsoleNoticeReply, write: NoticeWriteBody },
  all: allNotices,
  byId: noticeById,
  toConsole,
  async update(tx, before, b, now) {
    await tx
      .updateTable('platform_notices')
      .set({ ...values(b), updated_at: now })
      .where('id', '=', before.id)
      .execute();
  },
  async insert(tx, b, now, operatorId) {
    const row = await tx
      .insertInto('platform_notices')
      .values({ ...values(b), published_at: null, created_by: operatorId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  publish: {
    summary: 'Publish (1) or unpublish (0) a notice',
    async write(tx, id, publishedAt, now) {
      await tx
        .updateTable('platform_notices')
        .set({ published_at: publishedAt, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
  },
});
