// Every path of the spec (§2) under a stable name. Code navigates by name (`routeTo('user.about')`), never by
// string literals; src/app/routes.ts adds the page module, title, tab and public flag for each name.
// The table itself is contract/app-paths.ts (the server checks banner and message links against it).
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';

export { ROUTE_PATHS };

export type RouteName = keyof typeof ROUTE_PATHS;
export type RoutePath = (typeof ROUTE_PATHS)[RouteName];

/** The URL of a named route, with an optional query string (the spec passes data only as query strings). */
export function routeTo(name: RouteName, query?: Record<string, string | number>): string {
  const path = ROUTE_PATHS[name];
  if (!query) return path;
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The path every "go to login" uses (session expiry and the drawer name /pages/common/login). */
export const LOGIN_ROUTE: RouteName = 'common.login';

/** Only same-app absolute paths may be used as a post-login redirect (never `//host` or a full URL). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  return target;
}
