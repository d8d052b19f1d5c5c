// The app's chat calls: POST service/guest (a guest session for a phone, behind the captcha and a per-address
// limit), GET service/messages (a history page), GET service/unread (the Mine row's badge), GET
// service/image/:id (an image, only to its conversation's user or guest), POST service/image (multipart: an
// image message). Sending texts, typing and read markers go over the socket (chat-ws.ts).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { noFields } from '../../../contract/form-fields.ts';
import {
  CHAT_IMAGE_MAX_BYTES,
  ChatHistoryQuery,
  ChatHistoryReply,
  ChatImageFields,
  ChatMessageReply,
  ChatUnreadReply,
  GuestChatBody,
  GuestChatReply,
} from '../../../contract/service.ts';
import { consumeCaptcha } from '../../domain/auth/captcha-repo.ts';
import { normalisePkMobile } from '../../domain/auth/phone.ts';
import { findConversation, messageById, unreadOf } from '../../domain/service-chat/chat-repo.ts';
import { readChatImage } from '../../domain/service-chat/chat-images.ts';
import { startGuestSession } from '../../domain/service-chat/guest-sessions.ts';
import { AppError, fieldError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { refuseIfLimited } from '../../plugins/limits.ts';
import { FORM } from '../route-docs.ts';
import { imageOfRequest, readImageBody } from './image-body.ts';
import { partyOf } from './party.ts';

const GUEST_DOC = 'A signed-in user (accesstoken) or a guest (header x-chat-guest from service/guest).';

export const serviceChatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 256 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/service/guest',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['service'],
        summary: 'Start a guest chat session',
        description:
          'For someone who cannot sign in: the captcha (common/captcha, consumed whatever the outcome) and a Pakistani mobile number; answers a token for the header x-chat-guest and the socket, valid 24 h. At most 10 an hour per address. The guest sees the messages from this session on.',
        consumes: FORM,
        body: GuestChatBody,
        response: GuestChatReply,
      },
    },
    async (request) => {
      const body = request.body;
      refuseIfLimited(await app.serviceChatGuestLimit.take(request.ip));
      const captcha = await consumeCaptcha(app.db, body.captchaId, body.captcha);
      if (captcha === 'expired') throw fieldError('captcha', 'auth.captchaExpired');
      if (captcha === 'wrong') throw fieldError('captcha', 'auth.captcha');
      const phone = normalisePkMobile(body.phone);
      if (!phone) throw fieldError('phone', 'service.phoneBad');
      return ok(await startGuestSession(app.db, phone, Date.now()));
    },
  );

  app.get(
    '/service/messages',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['service'],
        summary: 'Chat history, a page',
        description: `${GUEST_DOC} The newest messages (limit, default 50, at most 100) below \`before\`, or the oldest after \`after\`, in seq order.`,
        querystring: ChatHistoryQuery,
        response: ChatHistoryReply,
      },
    },
    async (request) => {
      const p = await partyOf(app, request);
      const q = request.query;
      const limit = q.limit ? Number(q.limit) : 50;
      if (q.after !== undefined) {
        const list = await app.serviceChat.between(p, Number(q.after), Number.MAX_SAFE_INTEGER);
        const page = list.slice(0, limit);
        return ok({ conversationId: p.conversationId, list: page, peerReadSeq: p.peerReadSeq, more: false });
      }
      const before = q.before !== undefined ? Number(q.before) : undefined;
      const { list, more } = await app.serviceChat.page(p, before, limit);
      return ok({ conversationId: p.conversationId, list, peerReadSeq: p.peerReadSeq, more });
    },
  );

  app.get(
    '/service/unread',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['service'],
        summary: 'Unread operator messages of the signed-in user',
        querystring: noFields,
        response: ChatUnreadReply,
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw new AppError('auth.notLoggedIn');
      const c = await findConversation(app.db, { userId: auth.userId });
      return ok({ unread: c ? await unreadOf(app.db, c, 'user') : 0 });
    },
  );

  app.get(
    '/service/image/:id',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['service'],
        // Binary JPEG, not an envelope: kept out of the OpenAPI document like the console's images.
        hide: true,
        summary: 'An image of the caller’s conversation (JPEG, not cached)',
        description: GUEST_DOC,
        params: Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) }),
      },
    },
    async (request, reply) => {
      const p = await partyOf(app, request);
      const m = await messageById(app.db, Number(request.params.id));
      // Another conversation's image, or one from before a guest's session: as if it did not exist.
      if (!m || m.conversation_id !== p.conversationId || m.seq <= p.fromSeq || !m.image_key)
        throw new AppError('service.imageMissing');
      const bytes = await readChatImage(app.db, app.config.dataDir, m.image_key);
      return reply.header('cache-control', 'private, no-store').type('image/jpeg').send(bytes);
    },
  );

  app.post(
    '/service/image',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['service'],
        summary: 'Send an image',
        description: `${GUEST_DOC} multipart/form-data: clientId and the file \`image\` (JPEG, PNG or WebP by its bytes, at most 5 MB; re-encoded as JPEG without metadata, kept private). A resend with the same clientId answers the stored message.`,
        consumes: ['multipart/form-data'],
        body: ChatImageFields,
        response: ChatMessageReply,
      },
      preValidation: async (request) => {
        await partyOf(app, request);
        await readImageBody(request);
      },
    },
    async (request) => {
      const p = await partyOf(app, request);
      const bytes = imageOfRequest(request);
      return ok(await app.serviceChat.sendImage(p, request.body.clientId, bytes));
    },
  );
};
