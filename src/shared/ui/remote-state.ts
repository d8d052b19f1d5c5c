// One vocabulary for every remote value (CONVENTIONS rule 6): idle (not asked: a guest, no symbol), pending
// (first answer on its way), success, error (nothing to show), and stale (something to show, but the latest
// refresh failed or is waiting for the network — shown with the time of the last good answer).
import type { UseQueryResult } from '@tanstack/react-query';

export type RemoteState<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; data: T; updatedAt: number }
  | { status: 'stale'; data: T; updatedAt: number; error: unknown }
  | { status: 'error'; error: unknown };

type QueryLike<T> = Pick<
  UseQueryResult<T>,
  'data' | 'status' | 'fetchStatus' | 'error' | 'isRefetchError' | 'dataUpdatedAt'
>;

export function toRemoteState<T>(q: QueryLike<T>): RemoteState<T> {
  if (q.data !== undefined) {
    const updatedAt = q.dataUpdatedAt;
    if (q.isRefetchError) return { status: 'stale', data: q.data, updatedAt, error: q.error };
    if (q.fetchStatus === 'paused') return { status: 'stale', data: q.data, updatedAt, error: null };
    return { status: 'success', data: q.data, updatedAt };
  }
  if (q.status === 'error') return { status: 'error', error: q.error };
  // No data, no error: either a disabled query (idle) or the first fetch (pending, or paused offline).
  return q.fetchStatus === 'idle' ? { status: 'idle' } : { status: 'pending' };
}
