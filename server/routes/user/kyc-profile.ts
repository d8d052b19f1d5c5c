// POST user/update (the display name, users.account) and POST user/update/email (stored unverified: there is
// no mail service, so the address is never confirmed and nothing is sent to it). Both answer the profile.
// The display name is free text the user picks (2–30 characters after trimming, inner spaces made one, no
// control characters or angle brackets); it is not unique and not the login (the phone is).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { accountNameOf, emailOf, UpdateAccountBody, UpdateEmailBody } from '../../../contract/kyc.ts';
import { UserInfoReply } from '../../../contract/user.ts';
import { CODE_SESSION_INVALID } from '../../../workers/protocol/api.ts';
import { updateAccountName, updateEmail } from '../../domain/auth/profile-repo.ts';
import { findUserById, toUserInfo } from '../../domain/auth/users-repo.ts';
import { autoApplyOffered } from '../../domain/ipo/auto-apply.ts';
import type { AuthContext } from '../../domain/auth/sessions-repo.ts';
import { AppError, fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

export const profileUpdateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const profileOf = async (auth: AuthContext) => {
    const user = await findUserById(app.db, auth.userId);
    if (!user) throw new AppError('auth.notLoggedIn', {}, CODE_SESSION_INVALID);
    return ok(toUserInfo(user, auth.accountType, await autoApplyOffered(app.db)));
  };

  app.post(
    '/user/update',
    {
      schema: {
        tags: ['user'],
        summary: 'Change the display name',
        description:
          'users.account, what the app shows as the account name: 2–30 characters after trimming (inner spaces made one; no control characters or < >). Not unique; the phone stays the login. Answers the profile.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: UpdateAccountBody,
        response: UserInfoReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const account = accountNameOf(request.body.account);
      if (account === null) throw fieldError('account', 'kyc.accountName');
      await updateAccountName(app.db, auth.userId, account);
      return profileOf(auth);
    },
  );

  app.post(
    '/user/update/email',
    {
      schema: {
        tags: ['user'],
        summary: 'Set or change the email address',
        description:
          'Stored unverified (there is no mail service: nothing is sent to it); the domain is lower-cased. At most 254 characters. Answers the profile.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: UpdateEmailBody,
        response: UserInfoReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const email = emailOf(request.body.email);
      if (email === null) throw fieldError('email', 'kyc.emailFormat');
      await updateEmail(app.db, auth.userId, email);
      return profileOf(auth);
    },
  );
};
