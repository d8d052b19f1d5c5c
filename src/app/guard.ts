// The guest guard (spec §6/§8): a non-public page sends a guest to login with "please log in first", and
// remembers where they were going so login can return them there. The reverse: a signed-in user who opens
// login or registration has nothing to do there and goes home (or where ?redirect= pointed).
import { redirect } from 'react-router';
import { i18next } from '../shared/i18n/i18n.ts';
import { LOGIN_ROUTE, routeTo, safeRedirect } from '../shared/routing/paths.ts';
import { isLoggedIn } from '../shared/state/session-atoms.ts';
import { showToast } from '../shared/ui/toast.tsx';

export function loginRedirectUrl(from: string): string {
  return routeTo(LOGIN_ROUTE, { redirect: from });
}

/** Route loader for non-public pages. */
export function requireLogin({ request }: { request: Request }): null {
  if (isLoggedIn()) return null;
  const url = new URL(request.url);
  showToast(i18next.t('common:pleaseLogin'));
  throw redirect(loginRedirectUrl(url.pathname + url.search));
}

/** Route loader for login and registration. */
export function guestOnly({ request }: { request: Request }): null {
  if (!isLoggedIn()) return null;
  const target = safeRedirect(new URL(request.url).searchParams.get('redirect'));
  throw redirect(target ?? routeTo('tabbar.home'));
}
