// The React root: the app's jotai store and the router.
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { StoreProvider } from '../shared/state/jotai.ts';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <StoreProvider>
        <RouterProvider router={router} />
      </StoreProvider>
    </StrictMode>
  );
}
