// user/info (GET and POST) and POST user/update/password for the logged-in user.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { noFields } from '../../../contract/form-fields.ts';
import { DoneReply, UpdatePasswordBody, UserInfoReply } from '../../../contract/user.ts';
import { CODE_SESSION_INVALID } from '../../../workers/protocol/api.ts';
import { isCommonPassword } from '../../domain/auth/common-passwords.ts';
import { hashPassword, verifyPassword } from '../../domain/auth/password-hash.ts';
import { replacePassword } from '../../domain/auth/password-change.ts';
import { findUserById, toUserInfo } from '../../domain/auth/users-repo.ts';
import { autoApplyOffered } from '../../domain/ipo/auto-apply.ts';
import { AppError, fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { refuseLockout } from '../../plugins/lockouts.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const infoHandler = async (request: FastifyRequest) => {
    const auth = requireAuth(request.auth);
    const user = await findUserById(app.db, auth.userId);
    if (!user) throw new AppError('auth.notLoggedIn', {}, CODE_SESSION_INVALID);
    return ok(toUserInfo(user, auth.accountType, await autoApplyOffered(app.db)));
  };
  const infoSchema = {
    tags: ['user'],
    summary: 'Profile of the user behind the token',
    description: 'For the account (real or demo) the token belongs to. Carries no balances.',
    security: NEEDS_TOKEN,
    response: UserInfoReply,
  };
  app.get('/user/info', { schema: { ...infoSchema, querystring: noFields } }, infoHandler);
  app.post('/user/info', { schema: { ...infoSchema, consumes: FORM, body: noFields } }, infoHandler);

  app.post(
    '/user/update/password',
    {
      schema: {
        tags: ['user'],
        summary: 'Change the login password',
        description:
          'Revokes every session of the user (all devices, real and demo): the client logs in again. A wrong current password counts towards the login lock-out of the phone.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: UpdatePasswordBody,
        response: DoneReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const user = await findUserById(app.db, auth.userId);
      if (!user) throw new AppError('auth.notLoggedIn', {}, CODE_SESSION_INVALID);
      const { oldPassword, password, password2 } = request.body;
      // The checks that need no hash come first, so a typo in the new password costs no attempt.
      if (password !== password2) throw fieldError('password2', 'auth.passwordMismatch');
      if (password === oldPassword) throw fieldError('password', 'auth.samePassword');
      if (isCommonPassword(password)) throw fieldError('password', 'auth.commonPassword');
      // Counted on the phone's login record: both guess the same password, so they share one allowance.
      const good = await app.lockouts.loginPerPhone
        .check(user.phone, () => verifyPassword(oldPassword, user.passwordHash, 'user'))
        .catch(refuseLockout);
      if (!good) throw fieldError('oldPassword', 'auth.oldPassword');
      const hash = await hashPassword(password, 'user').catch(refuseLockout);
      await replacePassword(app.db, user.id, hash);
      app.sessionEvents.revoked({ userId: user.id });
      return ok(null);
    },
  );
};
