// POST common/code/send: texts a 6-digit verification code, limited per phone and per IP.
import type { FastifyPluginAsync } from 'fastify';
import type { CodeSendBody, CodeSendResult } from '../../../workers/protocol/api.ts';
import { normalisePkMobile } from '../../domain/auth/phone.ts';
import { findUserByPhone } from '../../domain/auth/users-repo.ts';
import { issueSmsCode } from '../../domain/sms/sms-codes.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { refuseIfLimited } from '../../plugins/limits.ts';
import { areaCodeField, fields, phoneField, text } from '../../schemas/fields.ts';
import { envelope } from '../../schemas/responses.ts';
import { FORM } from '../route-docs.ts';

export const codeSendRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: CodeSendBody }>(
    '/common/code/send',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['common'],
        summary: 'Send an SMS verification code',
        description:
          'One code per phone per minute, and a few per IP per hour. `register` needs an unregistered phone; `reset` and `login` a registered one.',
        consumes: FORM,
        body: fields(
          {
            areaCode: areaCodeField,
            phone: phoneField,
            type: text(1, 10, { enum: ['register', 'reset', 'login'] }),
          },
          ['phone', 'type'],
        ),
        response: envelope({
          type: 'object',
          properties: { expiresInSec: { type: 'integer' }, resendInSec: { type: 'integer' } },
        }),
      },
    },
    async (request) => {
      const { type } = request.body;
      const phone = normalisePkMobile(request.body.phone) ?? '';
      const { codeSendPerPhone, codeSendPerIp } = app.limits;
      refuseIfLimited(Math.max(codeSendPerPhone.retryAfterMs(phone), codeSendPerIp.retryAfterMs(request.ip)));
      const registered = findUserByPhone(app.db, phone) !== undefined;
      if (type === 'register' && registered) throw new AppError('auth.phoneTaken');
      if (type !== 'register' && !registered) throw new AppError('auth.phoneNotRegistered');
      codeSendPerPhone.hit(phone);
      codeSendPerIp.hit(request.ip);
      const ttl = app.config.smsCodeTtlSec;
      const code = issueSmsCode(app.db, phone, type, ttl);
      await app.sms.send(phone, request.t('sms.code', { code, minutes: Math.round(ttl / 60) }));
      return ok<CodeSendResult>({
        expiresInSec: ttl,
        resendInSec: Math.ceil(codeSendPerPhone.rule.windowMs / 1000),
      });
    },
  );
};
