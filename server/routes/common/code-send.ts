// POST common/code/send: texts a 6-digit verification code. The answer never says whether the number has an
// account (same code, msg, data and the same database work either way); only the phone's owner sees the
// difference, in what the text says. Limited per phone and per IP for every answer.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CodeSendBody, CodeSendReply } from '../../../contract/common.ts';
import { normalisePkMobile } from '../../domain/auth/phone.ts';
import { findUserByPhone } from '../../domain/auth/users-repo.ts';
import type { CodeType } from '../../domain/sms/sms-codes.ts';
import { ok } from '../../plugins/envelope.ts';
import { refuseIfLimited } from '../../plugins/limits.ts';
import { FORM } from '../route-docs.ts';

/**
 * What the owner of the number receives. `code`: a code for this purpose. `notice`: a text without a code
 * (sign-up asked for a number that already has an account: it points to "Forgot password"). `none`: nothing
 * (reset or login asked for a number without an account: we do not text strangers).
 */
function outcome(type: CodeType, registered: boolean): 'code' | 'notice' | 'none' {
  if (type === 'register') return registered ? 'notice' : 'code';
  return registered ? 'code' : 'none';
}

/** The text of each code: the reset texts name what they reset. */
const SMS_TEXT: Record<CodeType, string> = {
  register: 'sms.code',
  login: 'sms.code',
  reset: 'sms.resetCode',
  withdraw: 'sms.withdrawCode',
};

export const codeSendRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/common/code/send',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['common'],
        summary: 'Send an SMS verification code',
        description:
          'One request per phone per minute and a few per IP per hour, counted for every answer. The answer is ' +
          'the same whether or not the number has an account. The text: `register` → a sign-up code, or, for a ' +
          'number that already has an account, a notice pointing to "Forgot password" (no code); `reset`, ' +
          '`withdraw` and `login` → a code for a registered number, nothing otherwise. Codes: 6 digits, single use, ' +
          '`expiresInSec`, 5 tries; used by user/register (`register`), user/password/reset (`reset`) and ' +
          'user/withdraw/password/reset (`withdraw`, like `reset` a code only for a registered number).',
        consumes: FORM,
        body: CodeSendBody,
        response: CodeSendReply,
      },
    },
    async (request) => {
      const { type } = request.body;
      const phone = normalisePkMobile(request.body.phone) ?? '';
      const { codeSendPerPhone, codeSendPerIp } = app.limits;
      // Both limits are checked and counted in one step: two parallel sends at the limit cannot both pass.
      refuseIfLimited(await codeSendPerPhone.takeTogether(phone, [[codeSendPerIp, request.ip]]));
      const ttl = app.config.smsCodeTtlSec;
      const minutes = Math.round(ttl / 60);
      const what = outcome(type, (await findUserByPhone(app.db, phone)) !== undefined);
      // Every branch writes one sms_codes row (a decoy where no code goes out), so the database work is the
      // same and a later wrong code is refused the same way whether or not a real code exists.
      const code = await app.smsCodes.issue(phone, type, ttl, { decoy: what !== 'code' });
      const textOf = () => {
        if (code !== null) return request.t(SMS_TEXT[type], { code, minutes });
        return what === 'notice' ? request.t('sms.alreadyRegistered') : null;
      };
      const message = textOf();
      if (message !== null) {
        // Not awaited: a provider's latency would otherwise tell which numbers were texted.
        app.sms.send(phone, message).catch((err: unknown) => request.log.error({ err }, 'SMS not sent'));
      }
      return ok({
        expiresInSec: ttl,
        resendInSec: Math.ceil(codeSendPerPhone.rule.windowMs / 1000),
      });
    },
  );
};
