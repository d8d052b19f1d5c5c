// When the session ends (sign-out, -1000, another tab signing out) every private cache entry goes: the next
// user of this phone must never see the last one's orders for a frame. Public entries stay.
import type { QueryClient } from '@tanstack/react-query';
import { storage } from '../storage/storage.ts';
import { PUBLIC } from './query-keys.ts';

export function forgetPrivateData(client: QueryClient): void {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== PUBLIC });
}

/** Subscribes to the stored token; returns the unsubscribe. */
export function forgetPrivateDataOnSignOut(client: QueryClient): () => void {
  return storage.subscribe('userToken', (token) => {
    if (!token) forgetPrivateData(client);
  });
}
