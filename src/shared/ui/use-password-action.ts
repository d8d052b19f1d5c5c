// The last step of every action confirmed with the transaction password (stock orders; IPO applications; VIP
// plans; robot allocate, add and exit; fund subscribe and redeem; any new one): no transaction password yet → a dialog leading to set one; otherwise the
// password sheet (password-sheet.tsx), then the call. A submit that got no answer keeps its client id (the
// caller's), so a retry has one effect; a refusal is the server's own message, toasted, and the sheet stays
// open with empty boxes for another try.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { NetworkError } from '../api/api-errors.ts';
import { profileQuery } from '../query/profile-query.ts';
import { useAccountScope } from '../query/use-account-scope.ts';
import { routeTo } from '../routing/paths.ts';
import { useAtomValue } from '../state/jotai.ts';
import { userInfoAtom } from '../state/session-atoms.ts';
import { toastCallFailure } from './toast-call-failure.ts';

export function usePasswordAction<R>(opts: {
  call: (tradePassword: string) => Promise<R>;
  onDone: (result: R) => void;
  /** after an answered failure: the next try is a new action (a fresh client id) */
  onRefused?: () => void;
  /** after every answer or failure: re-read what the action may have changed (the area's queries) */
  settle?: () => void;
  /** just before leaving for the set-password page: keep what the form holds (it comes back to it) */
  beforeSetPassword?: () => void;
}) {
  const { call, onDone, onRefused, settle, beforeSetPassword } = opts;
  const user = useAtomValue(userInfoAtom);
  const navigate = useNavigate();
  const scope = useAccountScope();
  // The profile says whether a transaction password is set (fresh: it may have been set since sign-in).
  useQuery(profileQuery(scope));
  const [sheetOpen, setSheetOpen] = useState(false);
  const [needPassword, setNeedPassword] = useState(false);
  // Through a mutation, so the global handler reports a -1001 refusal (the 1-second toast) and a -1000 answer
  // (sign-out) as for every other action.
  const { mutateAsync } = useMutation({ mutationFn: call });

  const start = useCallback(() => {
    if (user && !user.hasTradePassword) setNeedPassword(true);
    else setSheetOpen(true);
  }, [user]);

  const submit = useCallback(
    async (pin: string) => {
      let result: R;
      try {
        result = await mutateAsync(pin);
      } catch (error) {
        if (!(error instanceof NetworkError)) onRefused?.();
        toastCallFailure(error);
        settle?.();
        return;
      }
      setSheetOpen(false);
      settle?.();
      onDone(result);
    },
    [mutateAsync, onDone, onRefused, settle],
  );

  return {
    start,
    submit,
    sheetOpen,
    closeSheet: useCallback(() => setSheetOpen(false), []),
    needPassword,
    closeNeedPassword: useCallback(() => setNeedPassword(false), []),
    goSetPassword: useCallback(() => {
      setNeedPassword(false);
      beforeSetPassword?.();
      void navigate(routeTo('user.tradePassword'));
    }, [navigate, beforeSetPassword]),
  };
}
