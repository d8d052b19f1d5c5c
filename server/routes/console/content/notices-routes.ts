// Console: platform notices. GET content/notices, POST content/notices (create, or edit with id; system=1
// makes it the system pop-up shown once on Home), POST content/notices/:id/publish (1 publishes now, 0
// unpublishes). Every change is audited.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConsoleNoticeReply,
  ConsoleNoticesReply,
  ContentIdParams,
  NoticeWriteBody,
  PublishBody,
  type ConsoleNotice,
} from '../../../../contract/console-content.ts';
import { allNotices, noticeById, type NoticeRow } from '../../../domain/content/notices-repo.ts';
import { AppError, fieldError } from '../../../errors.ts';
import { ok } from '../../../plugins/envelope.ts';
import { FORM } from '../../route-docs.ts';
import { operatorOf } from '../console-auth.ts';
import { auditedWrite, CONTENT_ROLES } from './content-audit.ts';

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

const config = { auth: 'public', consoleRoles: CONTENT_ROLES } as const;

export const consoleNoticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/content/notices',
    {
      config,
      schema: { tags: ['console'], hide: true, summary: 'Every notice', response: ConsoleNoticesReply },
    },
    async () => ok((await allNotices(app.db)).map(toConsole)),
  );

  app.post(
    '/content/notices',
    {
      config,
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'Write a notice (a new one is a draft until published)',
        consumes: FORM,
        body: NoticeWriteBody,
        response: ConsoleNoticeReply,
      },
    },
    async (request) => {
      const b = request.body;
      const opId = operatorOf(request).id;
      const values = {
        title_ur: b.titleUr,
        title_en: b.titleEn,
        body_ur: b.bodyUr,
        body_en: b.bodyEn,
        system_popup: b.system === '1' ? 1 : 0,
      };
      const after = await auditedWrite(
        app,
        request,
        { action: b.id ? 'notice.edit' : 'notice.create', subjectType: 'notice' },
        async (tx, now) => {
          if (b.id) {
            const before = await noticeById(tx, Number(b.id));
            if (!before) throw fieldError('id', 'notice:errors.notFound');
            await tx
              .updateTable('platform_notices')
              .set({ ...values, updated_at: now })
              .where('id', '=', before.id)
              .execute();
            return {
              id: before.id,
              before: toConsole(before),
              after: toConsole((await noticeById(tx, before.id))!),
            };
          }
          const row = await tx
            .insertInto('platform_notices')
            .values({ ...values, published_at: null, created_by: opId, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { id: row.id, before: null, after: toConsole((await noticeById(tx, row.id))!) };
        },
      );
      return ok(after);
    },
  );

  app.post(
    '/content/notices/:id/publish',
    {
      config,
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'Publish (1) or unpublish (0) a notice',
        consumes: FORM,
        params: ContentIdParams,
        body: PublishBody,
        response: ConsoleNoticeReply,
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const publish = request.body.published === '1';
      const after = await auditedWrite(
        app,
        request,
        { action: publish ? 'notice.publish' : 'notice.unpublish', subjectType: 'notice' },
        async (tx, now) => {
          const before = await noticeById(tx, id);
          if (!before) throw new AppError('notice:errors.notFound');
          await tx
            .updateTable('platform_notices')
            .set({ published_at: publish ? now : null, updated_at: now })
            .where('id', '=', id)
            .execute();
          return { id, before: toConsole(before), after: toConsole((await noticeById(tx, id))!) };
        },
      );
      return ok(after);
    },
  );
};
