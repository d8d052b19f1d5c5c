// The app's QueryClient and its mobile defaults: retry only when the network failed (a refusal will not
// change on a retry), three times with back-off; no refetch on every focus (phones focus constantly); each
// call sets its own staleTime in its queryOptions. Every failure passes through reportApiError once.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../api/api-errors.ts';
import { reportApiError } from '../api/report-api-error.ts';

export const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 8000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportApiError }),
    mutationCache: new MutationCache({ onError: reportApiError }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < MAX_RETRIES && isRetryable(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      // An order or a password change is never sent twice by the library: the caller decides.
      mutations: { retry: false },
    },
  });
}

/** The browser app's one client (tests make their own with createQueryClient). */
export const queryClient = createQueryClient();
