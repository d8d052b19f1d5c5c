// The withdrawal password (spec §5: exactly 6 digits, set before withdrawing), additions to the spec's call
// catalogue modelled on user/password/trade/*: POST user/withdraw/password/set the first time, .../update
// with the current one (a guarded try), .../reset after an SMS code (type `withdraw`, not the login-password `reset`) to the account's own phone,
// which also lifts the lock-out. UserInfo.hasWithdrawPassword reflects it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DoneReply } from '../../../contract/user.ts';
import {
  WithdrawPasswordResetBody,
  WithdrawPasswordSetBody,
  WithdrawPasswordUpdateBody,
} from '../../../contract/withdraw.ts';
import { findUserById } from '../../domain/auth/users-repo.ts';
import { withdrawSecret } from '../../domain/withdrawals/withdraw-password.ts';
import { AppError, fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { CODE_SESSION_INVALID } from '../../../workers/protocol/api.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';
import { verifySmsCodeOrThrow } from '../user/sms-code-check.ts';

const tags = ['user'];

export const withdrawPasswordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/withdraw/password/set',
    {
      schema: {
        tags,
        summary: 'Set the 6-digit withdrawal password (only when none is set)',
        description: 'Addition to the spec catalogue.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: WithdrawPasswordSetBody,
        response: DoneReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const { password, password2 } = request.body;
      if (password !== password2) throw fieldError('password2', 'auth.passwordMismatch');
      await withdrawSecret.set(app.db, userId, password);
      return ok(null);
    },
  );

  app.post(
    '/user/withdraw/password/update',
    {
      schema: {
        tags,
        summary: 'Change the withdrawal password',
        description:
          'Addition to the spec catalogue. A wrong current password counts towards the lock-out (a few free ' +
          'tries, then waits that double).',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: WithdrawPasswordUpdateBody,
        response: DoneReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const { oldPassword, password, password2 } = request.body;
      if (password !== password2) throw fieldError('password2', 'auth.passwordMismatch');
      await withdrawSecret.change(
        app.db,
        app.lockouts.withdrawPassword,
        userId,
        oldPassword,
        password,
        Date.now(),
      );
      return ok(null);
    },
  );

  app.post(
    '/user/withdraw/password/reset',
    {
      schema: {
        tags,
        summary: 'Reset a forgotten withdrawal password with an SMS code',
        description:
          "Addition to the spec catalogue. Needs the code common/code/send (type `withdraw`; a login-password `reset` code is refused) texted to the account's " +
          'own phone; sets the new password (set or not before) and lifts the withdrawal-password lock-out.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: WithdrawPasswordResetBody,
        response: DoneReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const { code, password, password2 } = request.body;
      if (password !== password2) throw fieldError('password2', 'auth.passwordMismatch');
      const user = await findUserById(app.db, userId);
      if (!user) throw new AppError('auth.notLoggedIn', {}, CODE_SESSION_INVALID);
      await verifySmsCodeOrThrow(app, user.phone, 'withdraw', code);
      await withdrawSecret.replace(app.db, userId, password);
      await app.lockouts.withdrawPassword.clear(String(userId));
      return ok(null);
    },
  );
};
