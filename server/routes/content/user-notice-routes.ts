// user/notice (the caller's personal messages, paged, newest first, with the unread count) and
// user/notice/read (one own message by id, or all with all=1). Every query is scoped by the caller's user id:
// another user's id is refused as not found and changes nothing.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ContentPageQuery,
  NoticeReadBody,
  NoticeReadReply,
  UserMessagePageReply,
} from '../../../contract/notice.ts';
import { markRead, ownMessages, toUserMessage, unreadCount } from '../../domain/content/messages-repo.ts';
import { AppError, fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';
import { pageOf } from './news-routes.ts';

export const userNoticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/notice',
    {
      schema: {
        tags: ['user'],
        summary: 'The caller’s personal messages, newest first, with the unread count',
        security: NEEDS_TOKEN,
        querystring: ContentPageQuery,
        response: UserMessagePageReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const { page, size } = pageOf(request.query);
      const r = await ownMessages(app.db, userId, page, size);
      return ok({
        list: r.list.map((row) => toUserMessage(row, request.lang, app.translator)),
        total: r.total,
        page,
        size,
        unread: r.unread,
      });
    },
  );

  app.post(
    '/user/notice/read',
    {
      schema: {
        tags: ['user'],
        summary: 'Mark one own message read (id), or all of them (all=1)',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: NoticeReadBody,
        response: NoticeReadReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const { id, all } = request.body;
      if ((id === undefined) === (all === undefined)) throw new AppError('notice:errors.readWhich');
      const done = await markRead(app.db, userId, all ? 'all' : Number(id), Date.now());
      if (!done) throw fieldError('id', 'notice:errors.messageNotFound');
      return ok({ unread: await unreadCount(app.db, userId) });
    },
  );
};
