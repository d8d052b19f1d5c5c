// The user area's calls: sign-up, login and the session, the profile, the login and transaction passwords.
import { Type, type Static } from 'typebox';
import { envelope, NullData } from './envelope.ts';
import {
  areaCodeField,
  fields,
  oneOf,
  opt,
  passwordField,
  phoneField,
  sixDigitsField,
  text,
} from './form-fields.ts';

export const ACCOUNT_TYPES = ['real', 'demo'] as const;
export const AccountType = Type.Enum(ACCOUNT_TYPES, { type: 'string' });
export type AccountType = Static<typeof AccountType>;

/** KYC status (spec §3): none, pending review, succeeded, failed. */
export const IdStatus = Type.Enum(['none', 'pending', 'succ', 'fail'], { type: 'string' });
export type IdStatus = Static<typeof IdStatus>;

const flag01 = Type.Enum([0, 1], { type: 'integer' });

/** `user` inside the login-info answer (spec §3). status 1 = active, 0 = disabled (client signs out). */
export const LoginInfoUser = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  account: Type.String(),
  status: Type.Integer(),
  idStatus: IdStatus,
});
export type LoginInfoUser = Static<typeof LoginInfoUser>;

// ---- GET user/login/info (public: `{}` when the token is missing, expired or revoked) ----
export const LoginInfo = Type.Object({
  user: LoginInfoUser,
  openAutoApply: flag01,
  serviceSaleSmartly: Type.String({ description: 'Customer-service chat script address, or empty.' }),
});
export type LoginInfo = Static<typeof LoginInfo>;
export const NoLoginInfo = Type.Object({}, { additionalProperties: false, description: 'Not logged in.' });
export const LoginInfoReply = envelope(Type.Union([LoginInfo, NoLoginInfo]));

// ---- GET/POST user/info: the profile behind the token, for the account (real/demo) the token belongs to ----
export const UserInfo = Type.Object({
  ...LoginInfoUser.properties,
  areaCode: Type.String(),
  phone: Type.String(),
  accountType: AccountType,
  inviteCode: Type.String(),
  openAutoApply: flag01,
  hasTradePassword: Type.Boolean(),
  hasWithdrawPassword: Type.Boolean(),
  email: Type.Optional(
    Type.String({ description: 'Set by user/update/email; empty when none. Stored unverified.' }),
  ),
  createdAt: Type.String({ format: 'date-time' }),
});
export type UserInfo = Static<typeof UserInfo>;
export const UserInfoReply = envelope(UserInfo);

/** POST user/login and user/register answer: one token per account; `token` is the one for `accountType`. */
export const LoginResult = Type.Object({
  token: Type.String({ description: 'Token of `accountType` (the real account after login).' }),
  tokenReal: Type.String(),
  tokenDemo: Type.String(),
  accountType: AccountType,
  user: UserInfo,
});
export type LoginResult = Static<typeof LoginResult>;
export const LoginReply = envelope(LoginResult);

/** The 6-digit code common/code/send (of type `purpose`) texted to the phone. */
export const smsCodeField = (purpose: 'register' | 'reset') =>
  sixDigitsField(`The 6-digit code common/code/send (type \`${purpose}\`) texted to the phone.`);
const repeatPassword = text(1, 20, { description: 'Must equal password.' });

// ---- POST user/register ----
export const RegisterBody = fields({
  areaCode: opt(areaCodeField),
  phone: phoneField,
  password: passwordField,
  password2: repeatPassword,
  inviteCode: opt(
    text(0, 16, {
      pattern: '^[A-Za-z0-9]*$',
      description: 'Optional invitation code of an existing user (empty = none).',
    }),
  ),
  captchaId: text(1, 64, { pattern: '^[A-Za-z0-9_-]+$', description: 'From GET common/captcha.' }),
  captcha: text(1, 10, { description: 'The characters in the captcha image, any case.' }),
  code: smsCodeField('register'),
  agree: oneOf(['1'], 1, 1, { description: 'Agreement to the disclaimer and privacy policy.' }),
});
export type RegisterBody = Static<typeof RegisterBody>;

// ---- POST user/password/reset (public, beyond spec §7) ----
export const ResetPasswordBody = fields({
  areaCode: opt(areaCodeField),
  phone: phoneField,
  code: smsCodeField('reset'),
  password: passwordField,
  password2: repeatPassword,
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

// ---- POST user/login ----
export const LoginBody = fields({ areaCode: opt(areaCodeField), phone: phoneField, password: text(1, 20) });
export type LoginBody = Static<typeof LoginBody>;

// ---- POST user/update/password ----
export const UpdatePasswordBody = fields({
  oldPassword: text(1, 20),
  password: passwordField,
  password2: text(1, 20),
});
export type UpdatePasswordBody = Static<typeof UpdatePasswordBody>;

// ---- POST user/password/trade/set and user/password/trade/change (spec §5: exactly 6 digits) ----
export const sixDigits = sixDigitsField('Exactly 6 digits.');
export const TradePasswordSetBody = fields({ password: sixDigits, password2: sixDigits });
export type TradePasswordSetBody = Static<typeof TradePasswordSetBody>;
export const TradePasswordChangeBody = fields({
  oldPassword: sixDigits,
  password: sixDigits,
  password2: sixDigits,
});
export type TradePasswordChangeBody = Static<typeof TradePasswordChangeBody>;
/** The answer of the calls that only say "done" (logout, password changes). */
export const DoneReply = envelope(NullData);
