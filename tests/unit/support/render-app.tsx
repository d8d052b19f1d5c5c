// Renders a screen as the app does — the jotai store, a fresh QueryClient (no cache shared between tests)
// and a memory router — and returns the client for tests that look into the cache.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../../../src/shared/query/query-client.ts';
import { StoreProvider } from '../../../src/shared/state/jotai.ts';

export function renderScreen(path: string, element: ReactNode, client: QueryClient = createQueryClient()) {
  return renderRoutes([{ path: path.split('?')[0] ?? path, element }], path, client);
}

/** The same frame around a whole route list (the app's own `buildRoutes()`, or a test's), opened at `path`. */
export function renderRoutes(routes: RouteObject[], path: string, client: QueryClient = createQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <StoreProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StoreProvider>,
  );
  return { ...view, client, router };
}
