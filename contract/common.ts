// The common area's calls (spec §7 "index and common"): the image captcha and the SMS verification code.
import { Type, type Static } from 'typebox';
import { envelope } from './envelope.ts';
import { areaCodeField, fields, oneOf, opt, phoneField } from './form-fields.ts';

/** What a code is for; the server keeps one live code per phone and purpose. `reset` resets the login
 *  password, `withdraw` the withdrawal password: a code of one never works for the other. */
export const CODE_TYPES = ['register', 'reset', 'login', 'withdraw'] as const;

// ---- GET common/captcha ----
export const CaptchaQuery = fields({});
export const CaptchaResult = Type.Object({
  captchaId: Type.String(),
  image: Type.String({
    pattern: '^data:image/png;base64,',
    description:
      'data:image/png;base64 URL of a rasterised image (the answer is not in it as shapes or text)',
  }),
  expiresInSec: Type.Integer({ minimum: 1 }),
});
export type CaptchaResult = Static<typeof CaptchaResult>;
export const CaptchaReply = envelope(CaptchaResult);

// ---- POST common/code/send ----
export const CodeSendBody = fields({
  areaCode: opt(areaCodeField),
  phone: phoneField,
  type: oneOf(CODE_TYPES, 1, 10),
});
export type CodeSendBody = Static<typeof CodeSendBody>;
/** When the code expires and when another may be requested. */
export const CodeSendResult = Type.Object({
  expiresInSec: Type.Integer({ minimum: 1 }),
  resendInSec: Type.Integer({ minimum: 0 }),
});
export type CodeSendResult = Static<typeof CodeSendResult>;
export const CodeSendReply = envelope(CodeSendResult);
