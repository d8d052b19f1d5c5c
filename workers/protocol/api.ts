// Wire types of the REST API (`/api/...`), shared by the server, the app and the market worker.
// Field names here are the contract; the server's OpenAPI document (/api/openapi.json) is generated from
// schemas that must agree with these types.

/** Every answer is `{ code, msg, data }`. */
export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const CODE_OK = 0;
/** Missing, expired or revoked token on a non-public call: the client clears its session and goes to login. */
export const CODE_SESSION_INVALID = -1000;
/** Business or validation error: `msg` is localised from Accept-Language; the client toasts it for 1 s. */
export const CODE_BUSINESS = -1001;

export type Lang = 'ur-PK' | 'en-US';
export const LANGS: readonly Lang[] = ['ur-PK', 'en-US'];
export const DEFAULT_LANG: Lang = 'ur-PK';

export type AccountType = 'real' | 'demo';
export type IdStatus = 'none' | 'pending' | 'succ' | 'fail';

/** `user` inside the login-info answer (spec §3). status 1 = active, 0 = disabled (client signs out). */
export interface LoginInfoUser {
  id: number;
  account: string;
  status: number;
  idStatus: IdStatus;
}

/** GET user/login/info. `data` is `{}` when the token is missing or invalid (a public call). */
export interface LoginInfo {
  user: LoginInfoUser;
  openAutoApply: 0 | 1;
  serviceSaleSmartly: string;
}

/** GET/POST user/info: the profile of the user behind the token, for the account (real/demo) the token belongs to. */
export interface UserInfo extends LoginInfoUser {
  areaCode: string;
  phone: string;
  accountType: AccountType;
  inviteCode: string;
  openAutoApply: 0 | 1;
  hasTradePassword: boolean;
  hasWithdrawPassword: boolean;
  createdAt: string;
}

/** POST user/login and user/register answer: one token per account; `token` is the one for `accountType`. */
export interface LoginResult {
  token: string;
  tokenReal: string;
  tokenDemo: string;
  accountType: AccountType;
  user: UserInfo;
}

/** GET common/captcha: a single-use, expiring image captcha. */
export interface CaptchaResult {
  captchaId: string;
  /** data:image/png;base64 URL of a rasterised image (the answer is not in it as shapes or text) */
  image: string;
  expiresInSec: number;
}

// ---- Request bodies (form-encoded field names). The server's schemas must use exactly these names. ----

/** POST user/register */
export interface RegisterBody {
  areaCode: string; // '+92'
  phone: string; // 3XXXXXXXXX, 03XXXXXXXXX or +923XXXXXXXXX
  password: string;
  password2: string;
  inviteCode?: string;
  captchaId: string;
  captcha: string;
  /** the 6-digit code common/code/send (type register) texted to `phone` */
  code: string;
  agree: '1';
}

/** POST user/password/reset (public): a new login password for the owner of `phone`, proven by SMS code. */
export interface ResetPasswordBody {
  areaCode: string;
  phone: string;
  /** the 6-digit code common/code/send (type reset) texted to `phone` */
  code: string;
  password: string;
  password2: string;
}

/** POST user/login */
export interface LoginBody {
  areaCode: string;
  phone: string;
  password: string;
}

/** POST user/update/password */
export interface UpdatePasswordBody {
  oldPassword: string;
  password: string;
  password2: string;
}

/** POST common/code/send */
export interface CodeSendBody {
  areaCode: string;
  phone: string;
  type: 'register' | 'reset' | 'login';
}

/** POST common/code/send answer: when the code expires and when another may be requested. */
export interface CodeSendResult {
  expiresInSec: number;
  resendInSec: number;
}
