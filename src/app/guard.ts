// The guest guard (spec §6/§8): a non-public page sends a guest to login with "please log in first", and
// remembers where they were going so login can return them there. The reverse: a signed-in user who opens
// login or registration has nothing to do there and goes home (or where ?redirect= pointed); one who opens
// the crypto door of login (account.coinLogin) goes to the crypto trading screen instead.
import { redirect } from 'react-router';
import { i18next } from '../shared/i18n/i18n.ts';
import { LOGIN_ROUTE, ROUTE_PATHS, routeTo, safeRedirect } from '../shared/routing/paths.ts';
import { isLoggedIn } from '../shared/state/session-atoms.ts';
import { showToast } from '../shared/ui/toast.tsx';

/** Where a guest signs in on the way to `from`: the crypto door for the crypto trading screen (the same
 * account and form, with a crypto heading), the login screen for every other page. */
export function loginRedirectUrl(from: string): string {
  const crypto = new URL(from, 'http://app.invalid').pathname === ROUTE_PATHS['coin.index'];
  return routeTo(crypto ? 'account.coinLogin' : LOGIN_ROUTE, { redirect: from });
}

/** Route loader for non-public pages. */
export function requireLogin({ request }: { request: Request }): null {
  if (isLoggedIn()) return null;
  const url = new URL(request.url);
  showToast(i18next.t('common:pleaseLogin'));
  throw redirect(loginRedirectUrl(url.pathname + url.search));
}

/** Route loader for login and registration: a signed-in user goes to ?redirect= or else to `home`. */
export function guestOnly(home: string) {
  return ({ request }: { request: Request }): null => {
    if (!isLoggedIn()) return null;
    const target = safeRedirect(new URL(request.url).searchParams.get('redirect'));
    throw redirect(target ?? home);
  };
}
