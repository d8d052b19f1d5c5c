// The route-table entry of the page being shown (from the matched route's handle).
import { useMatches } from 'react-router';
import type { RouteInfo } from './route-info.ts';

export interface RouteHandle {
  route: RouteInfo;
}

export function useCurrentRoute(): RouteInfo | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}
