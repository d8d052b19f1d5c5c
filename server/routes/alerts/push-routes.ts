// user/push/key, user/push/subscribe, user/push/unsubscribe (contract/alerts.ts): the VAPID public key the app
// subscribes with, and the caller's devices' push subscriptions (an endpoint is one device; subscribing it
// again, even as another user, moves it). The device's language is taken from the request (Accept-Language):
// pushes to it are written in that language.
// user/push/prefs, user/push/prefs/set: which kinds of personal message the caller gets as push (all by default).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PushDoneReply,
  PushKeyReply,
  PushPrefsBody,
  PushPrefsReply,
  PUSH_KINDS,
  type PushKind,
  PushSubscribeBody,
  PushUnsubscribeBody,
} from '../../../contract/alerts.ts';
import {
  countSubscriptions,
  deleteOwnSubscription,
  upsertSubscription,
} from '../../domain/alerts/alerts-repo.ts';
import { kindsOff, parseKinds, setKindsOff } from '../../domain/alerts/push-prefs-repo.ts';
import { endpointAllowed } from '../../domain/alerts/push-sender.ts';
import { fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

export const pushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/push/key',
    {
      schema: {
        tags: ['user'],
        summary: 'The server’s VAPID public key (applicationServerKey)',
        security: NEEDS_TOKEN,
        response: PushKeyReply,
      },
    },
    async (request) => {
      requireAuth(request.auth);
      return ok({ publicKey: app.alerts.keys.publicKey });
    },
  );

  app.post(
    '/user/push/subscribe',
    {
      schema: {
        tags: ['user'],
        summary: 'Stores this device’s push subscription for the caller',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: PushSubscribeBody,
        response: PushDoneReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const { endpoint, p256dh, auth } = request.body;
      const keyOk =
        Buffer.from(p256dh, 'base64url').length === 65 && Buffer.from(auth, 'base64url').length === 16;
      if (!endpointAllowed(endpoint, app.config.push.allowHttp) || !keyOk)
        throw fieldError('endpoint', 'alerts.badEndpoint');
      await upsertSubscription(app.db, {
        userId,
        endpoint,
        p256dh,
        auth,
        lang: request.lang,
        now: Date.now(),
      });
      return ok({ devices: await countSubscriptions(app.db, userId) });
    },
  );

  app.post(
    '/user/push/unsubscribe',
    {
      schema: {
        tags: ['user'],
        summary: 'Removes this device’s push subscription',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: PushUnsubscribeBody,
        response: PushDoneReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      await deleteOwnSubscription(app.db, userId, request.body.endpoint);
      return ok({ devices: await countSubscriptions(app.db, userId) });
    },
  );

  const prefs = (off: readonly PushKind[]) => ({
    kinds: PUSH_KINDS.map((kind) => ({ kind, on: !off.includes(kind) })),
  });

  app.get(
    '/user/push/prefs',
    {
      schema: {
        tags: ['user'],
        summary: 'Which kinds of personal message reach the caller’s devices as push',
        security: NEEDS_TOKEN,
        response: PushPrefsReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      return ok(prefs(await kindsOff(app.db, userId)));
    },
  );

  app.post(
    '/user/push/prefs/set',
    {
      schema: {
        tags: ['user'],
        summary: 'Turns kinds of push off (the rest on)',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: PushPrefsBody,
        response: PushPrefsReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const off = parseKinds(request.body.off);
      if (!off) {
        const bad = request.body.off.split(',').find((k) => !(PUSH_KINDS as readonly string[]).includes(k));
        throw fieldError('off', 'alerts.badPushKind', { kind: bad ?? '' });
      }
      await setKindsOff(app.db, userId, off, Date.now());
      return ok(prefs(off));
    },
  );
};
