// React Router (data mode, history, base '/') built from the route table: lazy pages with the chunk
// time-out, the guest guard on non-public pages, and the error screen inside the app frame.
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { routeTo, type RouteName } from '../shared/routing/paths.ts';
import { Spinner } from '../shared/ui/loader.tsx';
import { guestOnly, requireLogin } from './guard.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { RouteErrorScreen } from './pages/route-error.tsx';
import { APP_ROUTES, type AppRoute } from './routes.ts';

/** Screens only a guest needs: a signed-in user is sent home from them. */
const GUEST_ONLY: ReadonlySet<RouteName> = new Set(['account.login', 'common.login', 'account.reg']);

export function toRouteObject(r: AppRoute): RouteObject {
  return {
    id: r.name,
    path: r.path,
    handle: { route: r },
    lazy: lazyPage(r.load, { allTexts: !r.firstScreenTexts }),
    errorElement: <RouteErrorScreen />,
    ...(!r.public && { loader: requireLogin }),
    ...(GUEST_ONLY.has(r.name) && { loader: guestOnly }),
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
        ...APP_ROUTES.map(toRouteObject),
        { path: '*', loader: () => redirect(routeTo('tabbar.home')) },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { basename: '/' });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
