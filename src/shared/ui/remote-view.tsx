// Renders a RemoteState with the shared pieces: skeleton while pending, error with retry, the empty state,
// and the content (with "as of HH:MM" above it when stale). Screens pass what their content and their
// empty state look like; everything else looks the same on every screen.
import type { ReactNode } from 'react';
import { ErrorWithRetry } from './error-with-retry.tsx';
import type { RemoteState } from './remote-state.ts';
import { Skeleton } from './skeleton.tsx';
import { StaleNote } from './stale-note.tsx';

interface RemoteViewProps<T> {
  state: RemoteState<T>;
  onRetry: () => void;
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  skeleton?: ReactNode;
  /** shown for idle (nothing asked yet); nothing by default */
  idle?: ReactNode;
}

export function RemoteView<T>({
  state,
  onRetry,
  children,
  isEmpty,
  empty,
  skeleton,
  idle,
}: RemoteViewProps<T>) {
  switch (state.status) {
    case 'idle':
      return <>{idle ?? null}</>;
    case 'pending':
      return <>{skeleton ?? <Skeleton />}</>;
    case 'error':
      return <ErrorWithRetry error={state.error} onRetry={onRetry} />;
    case 'success':
    case 'stale':
      return (
        <>
          {state.status === 'stale' && <StaleNote updatedAt={state.updatedAt} onRetry={onRetry} />}
          {isEmpty?.(state.data) ? empty : children(state.data)}
        </>
      );
  }
}
