// Session actions (spec §4): keep a login, sign out, refresh login-info (drawer) and user info, switch
// between the real and the demo account. They write storage; the atoms follow (session-atoms.ts).
import {
  CODE_OK,
  type AccountType,
  type LoginInfo,
  type LoginResult,
} from '../../../workers/protocol/api.ts';
import { storage } from '../../shared/storage/storage.ts';
import { fetchLoginInfo, fetchUserInfo, postLogout } from './account-api.ts';

export function keepLogin(result: LoginResult): void {
  storage.saveLogin(result);
}

/** Local part of sign-out: drops user info, notices, news, the tokens; account type back to real. */
export function clearLocalSession(): void {
  storage.clearSession();
}

/** Revokes the token on the server, then clears locally — locally even if the server cannot be reached,
 * because the user asked to leave and must not stay signed in on this device. */
export async function signOut(afterClear?: () => void): Promise<void> {
  try {
    if (storage.get('userToken')) await postLogout();
  } catch {
    // offline: the local clear below still signs the user out here
  }
  // Cleared first, then the caller leaves (navigates to login): login sends a signed-in user home, so it must
  // see the session gone. Loaders do not re-run on a storage change, so the private page being left never
  // sees itself without a session (no "come back here" redirect is added).
  clearLocalSession();
  afterClear?.();
}

function isLoginInfo(data: unknown): data is LoginInfo {
  return typeof data === 'object' && data !== null && 'user' in data;
}

export type LoginInfoOutcome = 'ok' | 'logged-out' | 'disabled' | 'failed';

/** The drawer's login-info fetch: empty data → logged out (token cleared); user.status 0 → signed out. */
export async function refreshLoginInfo(): Promise<LoginInfoOutcome> {
  let res;
  try {
    res = await fetchLoginInfo();
  } catch {
    return 'failed';
  }
  if (!res || res.code !== CODE_OK) return 'failed';
  if (!isLoginInfo(res.data)) {
    if (storage.get('userToken')) clearLocalSession();
    return 'logged-out';
  }
  if (res.data.user.status === 0) {
    await signOut();
    return 'disabled';
  }
  storage.set('loginInfo', res.data);
  return 'ok';
}

export async function refreshUserInfo(): Promise<boolean> {
  try {
    const res = await fetchUserInfo();
    if (res?.code !== CODE_OK) return false;
    storage.set('userInfo', res.data);
    return true;
  } catch {
    return false;
  }
}

/** Real/demo switch: the current token becomes that account's token, then the profile is re-read. */
export async function switchAccount(type: AccountType): Promise<boolean> {
  storage.switchAccountType(type);
  return refreshUserInfo();
}
