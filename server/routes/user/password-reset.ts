// POST user/password/reset (beyond spec §7, which has no way back into an account whose password is lost):
// the owner of a phone, proven by the SMS code of common/code/send (type `reset`), sets a new login password.
// Every session of the user ends (announced on app.sessionEvents, so open account sockets close), and the
// client sends the user to login.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DoneReply, ResetPasswordBody } from '../../../contract/user.ts';
import { isCommonPassword } from '../../domain/auth/common-passwords.ts';
import { hashPassword } from '../../domain/auth/password-hash.ts';
import { normalisePkMobile } from '../../domain/auth/phone.ts';
import { replacePassword } from '../../domain/auth/password-change.ts';
import { findUserByPhone } from '../../domain/auth/users-repo.ts';
import { fieldError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM } from '../route-docs.ts';
import { verifySmsCodeOrThrow } from './sms-code-check.ts';

export const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/password/reset',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Reset a forgotten login password (beyond the spec)',
        description:
          'Public. Needs the code common/code/send (type `reset`) texted to the phone: single use, 5 tries, ' +
          'checked after the password rules and before any other work. A number without an account is ' +
          'refused exactly like a wrong code. Sets the new password, revokes every session of the user (all ' +
          'devices, real and demo) and lifts the login lock of the phone; the client then logs in.',
        consumes: FORM,
        body: ResetPasswordBody,
        response: DoneReply,
      },
    },
    async (request) => {
      const body = request.body;
      if (body.password !== body.password2) throw fieldError('password2', 'auth.passwordMismatch');
      if (isCommonPassword(body.password)) throw fieldError('password', 'auth.commonPassword');
      const phone = normalisePkMobile(body.phone) ?? '';
      await verifySmsCodeOrThrow(app, phone, 'reset', body.code);
      const user = await findUserByPhone(app.db, phone);
      // Only a decoy (never texted) exists for a number without an account, so a right code implies a user;
      // this guards the account deleted between the text and now.
      if (!user) throw fieldError('code', 'auth.smsCodeExpired');
      const hash = await hashPassword(body.password);
      await replacePassword(app.db, user.id, hash);
      app.sessionEvents.revoked({ userId: user.id });
      // The owner just proved the phone: earlier wrong passwords (maybe someone else's) no longer lock it.
      await app.lockouts.loginPerPhone.clear(phone);
      return ok(null);
    },
  );
};
