// The account calls of this feature (spec §7), typed by the wire contract in workers/protocol/api.ts.
// The form calls (captcha, SMS code, sign-up, login, password reset and change) resolve with `data` and throw
// typed errors (data-client.ts): the forms show a refusal at its field or as the form's error. The session
// calls keep the envelope (session.ts reads its codes).
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
import { getData, postData } from '../../shared/api/data-client.ts';

export const fetchCaptcha = (signal?: AbortSignal) =>
  getData<CaptchaResult>('common/captcha', undefined, signal ? { signal } : {});
export const postRegister = (body: RegisterBody) =>
  postData<LoginResult>('user/register', { ...body }, { loader: true });
export const postCodeSend = (body: CodeSendBody) => postData<CodeSendResult>('common/code/send', { ...body });
/** Beyond spec §7: a forgotten password, proven by the SMS code of type `reset`. */
export const postResetPassword = (body: ResetPasswordBody) =>
  postData<null>('user/password/reset', { ...body }, { loader: true });
export const postLogin = (body: LoginBody) =>
  postData<LoginResult>('user/login', { ...body }, { loader: true });
/** `data` is `{}` when the token is missing or no longer valid. */
export const fetchLoginInfo = () => apiGet<LoginInfo | Record<string, never>>('user/login/info');
export const fetchUserInfo = () => apiGet<UserInfo>('user/info');
export const postUpdatePassword = (body: UpdatePasswordBody) =>
  postData<null>('user/update/password', { ...body }, { loader: true });
export const postLogout = () => apiPost<null>('user/logout', undefined, { loader: true });
/** The display name (users.account); answers the profile. */
export const postUpdateAccount = (account: string) => postData<UserInfo>('user/update', { account });
/** The email, stored unverified; answers the profile. */
export const postUpdateEmail = (email: string) => postData<UserInfo>('user/update/email', { email });
