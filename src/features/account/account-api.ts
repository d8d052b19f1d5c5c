// The account calls of this feature (spec §7), typed by the wire contract in workers/protocol/api.ts.
// Each resolves to the `{code,msg,data}` envelope, or undefined when the API layer already handled it
// (-1001 toast, -1000 session reset).
import type {
  CaptchaResult,
  CodeSendBody,
  CodeSendResult,
  LoginBody,
  LoginInfo,
  LoginResult,
  RegisterBody,
  ResetPasswordBody,
  UpdatePasswordBody,
  UserInfo,
} from '../../../workers/protocol/api.ts';
import { apiGet, apiPost } from '../../shared/api/client.ts';

export const fetchCaptcha = () => apiGet<CaptchaResult>('common/captcha');
export const postRegister = (body: RegisterBody) =>
  apiPost<LoginResult>('user/register', { ...body }, { loader: true });
export const postCodeSend = (body: CodeSendBody) => apiPost<CodeSendResult>('common/code/send', { ...body });
/** Beyond spec §7: a forgotten password, proven by the SMS code of type `reset`. */
export const postResetPassword = (body: ResetPasswordBody) =>
  apiPost<null>('user/password/reset', { ...body }, { loader: true });
export const postLogin = (body: LoginBody) =>
  apiPost<LoginResult>('user/login', { ...body }, { loader: true });
/** `data` is `{}` when the token is missing or no longer valid. */
export const fetchLoginInfo = () => apiGet<LoginInfo | Record<string, never>>('user/login/info');
export const fetchUserInfo = () => apiGet<UserInfo>('user/info');
export const postUpdatePassword = (body: UpdatePasswordBody) =>
  apiPost<null>('user/update/password', { ...body }, { loader: true });
export const postLogout = () => apiPost<null>('user/logout', undefined, { loader: true });

export { toastFailure } from '../../shared/api/toast-failure.ts';
