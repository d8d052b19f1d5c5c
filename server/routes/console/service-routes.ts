// The support inbox of the console (support role; admin always): the conversations newest first with unread
// counts, a conversation's history pages, "assign to me" (audited), an image reply (multipart, re-encoded like
// the app's) and the images of any conversation. Texts, typing and read markers go over the console's chat
// socket (service-ws.ts).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ConsoleDoneReply } from '../../../contract/console.ts';
import {
  CHAT_IMAGE_MAX_BYTES,
  ChatHistoryQuery,
  ChatHistoryReply,
  ChatImageFields,
  ChatMessageReply,
  ConsoleConversationParams,
  ConsoleConversationsReply,
} from '../../../contract/service.ts';
import { recordAudit } from '../../domain/audit/audit-log.ts';
import type { Role } from '../../domain/console/roles.ts';
import { assignConversation, conversationById, messageById } from '../../domain/service-chat/chat-repo.ts';
import { readChatImage } from '../../domain/service-chat/chat-images.ts';
import type { ChatParty } from '../../domain/service-chat/chat-service.ts';
import { listInbox } from '../../domain/service-chat/inbox-repo.ts';
import { inTx } from '../../db/tx.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { imageOfRequest, readImageBody } from '../service/image-body.ts';
import { actorOf, cookieToken, operatorOf } from './console-auth.ts';
import { operatorOfSession } from '../../domain/console/console-sessions.ts';
import { CODE_SESSION_INVALID } from '../../../workers/protocol/api.ts';

export const SUPPORT: readonly Role[] = ['support'];
const config = { auth: 'public', consoleRoles: SUPPORT } as const;

export const consoleServiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 256 },
    throwFileSizeLimit: true,
  });

  /** The operator's party in conversation `id` (refused when there is no such conversation). */
  const partyIn = async (
    request: FastifyRequest,
    id: string,
  ): Promise<ChatParty & { userReadSeq: number }> => {
    const op = operatorOf(request);
    const c = await conversationById(app.db, Number(id));
    if (!c) throw new AppError('console.notFound');
    return {
      conversationId: c.id,
      side: 'operator',
      operatorId: op.id,
      limitKey: `o:${op.id}`,
      fromSeq: 0,
      userReadSeq: c.user_read_seq,
    };
  };

  app.get(
    '/service/conversations',
    {
      config,
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'The support inbox',
        response: ConsoleConversationsReply,
      },
    },
    async (request) => ok(await listInbox(app.db, operatorOf(request).id)),
  );

  app.get(
    '/service/conversations/:id/messages',
    {
      config,
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'A conversation’s history, a page',
        params: ConsoleConversationParams,
        querystring: ChatHistoryQuery,
        response: ChatHistoryReply,
      },
    },
    async (request) => {
      const p = await partyIn(request, request.params.id);
      const q = request.query;
      const limit = q.limit ? Number(q.limit) : 50;
      if (q.after !== undefined) {
        const list = (await app.serviceChat.between(p, Number(q.after), Number.MAX_SAFE_INTEGER)).slice(
          0,
          limit,
        );
        return ok({ conversationId: p.conversationId, list, peerReadSeq: p.userReadSeq, more: false });
      }
      const { list, more } = await app.serviceChat.page(p, q.before ? Number(q.before) : undefined, limit);
      return ok({ conversationId: p.conversationId, list, peerReadSeq: p.userReadSeq, more });
    },
  );

  app.post(
    '/service/conversations/:id/assign',
    {
      config,
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'Assign a conversation to the calling operator (audited)',
        params: ConsoleConversationParams,
        response: ConsoleDoneReply,
      },
    },
    async (request) => {
      const p = await partyIn(request, request.params.id);
      const actor = actorOf(request);
      const now = Date.now();
      await inTx(app.db, async (tx) => {
        const before = await conversationById(tx, p.conversationId);
        await assignConversation(tx, p.conversationId, operatorOf(request).id);
        await recordAudit(tx, {
          actor,
          action: 'service.assign',
          subjectType: 'conversation',
          subjectId: p.conversationId,
          before: { assignedOperatorId: before?.assigned_operator_id ?? null },
          after: { assignedOperatorId: operatorOf(request).id },
          now,
        });
      });
      return ok(null);
    },
  );

  app.post(
    '/service/conversations/:id/image',
    {
      config,
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'Reply with an image (multipart: clientId, image)',
        consumes: ['multipart/form-data'],
        params: ConsoleConversationParams,
        body: ChatImageFields,
        response: ChatMessageReply,
      },
      preValidation: async (request) => {
        // Signed in before 5 MB is read (the console's own check runs later, in preHandler).
        const token = cookieToken(request);
        if (!token || !(await operatorOfSession(app.db, token, Date.now())))
          throw new AppError('console.signIn', {}, CODE_SESSION_INVALID);
        await readImageBody(request);
      },
    },
    async (request) => {
      const p = await partyIn(request, request.params.id);
      return ok(await app.serviceChat.sendImage(p, request.body.clientId, imageOfRequest(request)));
    },
  );

  app.get(
    '/service/image/:id',
    {
      config,
      schema: { tags: ['console'], hide: true, summary: 'A chat image', params: ConsoleConversationParams },
    },
    async (request, reply) => {
      const m = await messageById(app.db, Number(request.params.id));
      if (!m?.image_key) throw new AppError('service.imageMissing');
      const bytes = await readChatImage(app.db, app.config.dataDir, m.image_key);
      return reply.header('cache-control', 'private, no-store').type('image/jpeg').send(bytes);
    },
  );
};
