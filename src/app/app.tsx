// The React root: the app's jotai store, the REST query cache and the router.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../shared/query/query-client.ts';
import { StoreProvider } from '../shared/state/jotai.ts';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <StoreProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StoreProvider>
    </StrictMode>
  );
}
