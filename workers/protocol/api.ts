// The REST API's envelope codes and languages, and (re-exported under the names the app and worker import) the
// wire types of the user and common calls. The types are `Static<>` of the TypeBox schemas in contract/, the one
// place a call's fields are written down; imports from there are type-only, so no schema library reaches the
// worker or app bundles through this module.

export type { ApiEnvelope } from '../../contract/envelope.ts';
export type { CaptchaResult, CodeSendBody, CodeSendResult } from '../../contract/common.ts';
export type { CertType, KycState, KycSubmissionView } from '../../contract/kyc.ts';
export type {
  AccountType,
  IdStatus,
  LoginBody,
  LoginInfo,
  LoginInfoUser,
  LoginResult,
  RegisterBody,
  ResetPasswordBody,
  UpdatePasswordBody,
  UserInfo,
} from '../../contract/user.ts';

export const CODE_OK = 0;
/** Missing, expired or revoked token on a non-public call: the client clears its session and goes to login. */
export const CODE_SESSION_INVALID = -1000;
/** Business or validation error: `msg` is localised from Accept-Language; the client toasts it for 1 s. */
export const CODE_BUSINESS = -1001;

export type Lang = 'ur-PK' | 'en-US';
export const LANGS: readonly Lang[] = ['ur-PK', 'en-US'];
export const DEFAULT_LANG: Lang = 'ur-PK';
