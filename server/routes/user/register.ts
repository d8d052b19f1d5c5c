// POST user/register: a new user with a real and a funded demo account, logged in at once. The SMS code
// texted by common/code/send proves the caller holds the phone; only then may the answer say the number is
// taken, so the call cannot be used to learn who has an account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginReply, RegisterBody } from '../../../contract/user.ts';
import { consumeCaptcha } from '../../domain/auth/captcha-repo.ts';
import { isCommonPassword } from '../../domain/auth/common-passwords.ts';
import { hashPassword } from '../../domain/auth/password-hash.ts';
import { normalisePkMobile } from '../../domain/auth/phone.ts';
import { createUser, findUserByPhone, findUserIdByInviteCode } from '../../domain/auth/users-repo.ts';
import { inTx, isUniqueViolation } from '../../db/tx.ts';
import { fieldError } from '../../errors.ts';
import { verifySmsCodeOrThrow } from './sms-code-check.ts';
import { ok } from '../../plugins/envelope.ts';
import { refuseIfLimited } from '../../plugins/limits.ts';
import { FORM } from '../route-docs.ts';
import { startSession } from './login-result.ts';

export const registerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/register',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Register and log in',
        description:
          'Consumes the captcha whatever the outcome. Needs the code common/code/send (type `register`) texted ' +
          'to the phone (single use, 5 tries, checked after the captcha and the password rules, before any ' +
          'other work); "already registered" is said only after a right code. The 100 most common passwords ' +
          'are refused. Answers like user/login.',
        consumes: FORM,
        body: RegisterBody,
        response: LoginReply,
      },
    },
    async (request) => {
      const body = request.body;
      refuseIfLimited(await app.limits.registerPerIp.retryAfterMs(request.ip));
      const captcha = await consumeCaptcha(app.db, body.captchaId, body.captcha);
      if (captcha === 'expired') throw fieldError('captcha', 'auth.captchaExpired');
      if (captcha === 'wrong') throw fieldError('captcha', 'auth.captcha');
      if (body.password !== body.password2) throw fieldError('password2', 'auth.passwordMismatch');
      if (isCommonPassword(body.password)) throw fieldError('password', 'auth.commonPassword');
      let invitedBy: number | null = null;
      if (body.inviteCode) {
        invitedBy = (await findUserIdByInviteCode(app.db, body.inviteCode)) ?? null;
        if (invitedBy === null) throw fieldError('inviteCode', 'auth.inviteCode');
      }
      const phone = normalisePkMobile(body.phone) ?? '';
      // The cheap refusals above leave the code unused, so the user fixes the form and keeps the code.
      await verifySmsCodeOrThrow(app, phone, 'register', body.code);
      if (await findUserByPhone(app.db, phone)) throw fieldError('phone', 'auth.phoneTaken');
      const passwordHash = await hashPassword(body.password);
      let userId: number | null;
      try {
        // Two sign-ups for one phone racing through the hash: the one that commits first wins; the other sees
        // its row here (PostgreSQL re-runs a transaction that lost on the UNIQUE index), or the index refuses.
        userId = await inTx(app.db, async (tx) => {
          if (await findUserByPhone(tx, phone)) return null;
          return createUser(tx, {
            areaCode: '+92',
            phone,
            passwordHash,
            invitedBy,
            demoFundsPaisa: app.config.demoFundsPaisa,
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('phone', 'auth.phoneTaken');
        throw err;
      }
      if (userId === null) throw fieldError('phone', 'auth.phoneTaken');
      await app.limits.registerPerIp.hit(request.ip);
      return ok(await startSession(app, request, userId));
    },
  );
};
