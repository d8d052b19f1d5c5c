// React Router (data mode, history, base '/') built from what the shell knows of each route (route-info.ts):
// lazy pages with the chunk time-out (a page past the first screens comes through the page table, routes.ts,
// itself a chunk), the guest guard on non-public pages, and the error screen inside the app frame.
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { routeTo, type RouteName } from '../shared/routing/paths.ts';
import { Spinner } from '../shared/ui/loader.tsx';
import { guestOnly, requireLogin } from './guard.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { lazyPage, type PageLoader } from './lazy-page.ts';
import { RouteErrorScreen } from './pages/route-error.tsx';
import { FIRST_PAGES, ROUTE_INFOS, type RouteInfo } from './route-info.ts';
import type { AppRoute } from './routes.ts';

/** Screens only a guest needs, and where a signed-in user who opens one goes instead (unless ?redirect=
 * says): home, or the crypto trading screen from the crypto door of login. */
const GUEST_ONLY: Partial<Record<RouteName, RouteName>> = {
  'account.login': 'tabbar.home',
  'common.login': 'tabbar.home',
  'account.reg': 'tabbar.home',
  'account.coinLogin': 'coin.index',
};

/** The page table, fetched once (a failed fetch is tried again with the next page). */
type PageTable = { findRoute: (name: RouteName) => AppRoute };
let pageTable: Promise<PageTable> | undefined;
export function loadPageTable(): Promise<PageTable> {
  pageTable ??= import('./routes.ts');
  pageTable.catch(() => (pageTable = undefined));
  return pageTable;
}

/** A route's page: the first screens' from the shell, the others through the page table. */
export function pageOf(name: RouteName): PageLoader {
  return FIRST_PAGES[name] ?? (async () => (await loadPageTable()).findRoute(name).load());
}

export function toRouteObject(r: RouteInfo): RouteObject {
  const signedInGoesTo = GUEST_ONLY[r.name];
  return {
    id: r.name,
    path: r.path,
    handle: { route: r },
    lazy: lazyPage(pageOf(r.name), { allTexts: !r.firstScreenTexts }),
    errorElement: <RouteErrorScreen />,
    ...(!r.public && { loader: requireLogin }),
    ...(signedInGoesTo && { loader: guestOnly(routeTo(signedInGoesTo)) }),
  };
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'app',
      element: <AppLayout />,
      errorElement: <RouteErrorScreen />,
      // Shown while the first page's chunk loads.
      hydrateFallbackElement: (
        <div className="boot">
          <Spinner />
        </div>
      ),
      children: [
        ...ROUTE_INFOS.map(toRouteObject),
        { path: '*', loader: () => redirect(routeTo('tabbar.home')) },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { basename: '/' });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
