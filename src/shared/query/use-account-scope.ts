// The current account as a query-key prefix: the account type (real/demo, or guest without a token) and the
// user id when the profile is known.
import { useMemo } from 'react';
import { useAtomValue } from '../state/jotai.ts';
import { accountTypeAtom, isLoggedInAtom, userInfoAtom } from '../state/session-atoms.ts';
import type { AccountScope } from './query-keys.ts';

export function useAccountScope(): AccountScope {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const type = useAtomValue(accountTypeAtom);
  const id = useAtomValue(userInfoAtom)?.id ?? null;
  return useMemo(() => (loggedIn ? [type, id] : ['guest', null]), [loggedIn, type, id]);
}
