// The last step of every robot action (allocate, add, exit): no transaction password yet → a dialog leading to
// set one; otherwise the password sheet, then the call. A submit that got no answer keeps its client id (the
// caller's), so a retry has one effect; a refusal is the server's own message, toasted, and the sheet stays
// open with empty boxes for another try.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { NetworkError } from '../../shared/api/api-errors.ts';
import { profileQuery } from '../../shared/query/profile-query.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { userInfoAtom } from '../../shared/state/session-atoms.ts';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
import { invalidateRobots } from './queries.ts';

export function usePasswordAction<R>(opts: {
  call: (tradePassword: string) => Promise<R>;
  onDone: (result: R) => void;
  /** after an answered failure: the next try is a new action (a fresh client id) */
  onRefused?: () => void;
}) {
  const { call, onDone, onRefused } = opts;
  const user = useAtomValue(userInfoAtom);
  const navigate = useNavigate();
  const client = useQueryClient();
  const scope = useAccountScope();
  // The profile says whether a transaction password is set (fresh: it may have been set since sign-in).
  useQuery(profileQuery(scope));
  const [sheetOpen, setSheetOpen] = useState(false);
  const [needPassword, setNeedPassword] = useState(false);

  const start = useCallback(() => {
    if (user && !user.hasTradePassword) setNeedPassword(true);
    else setSheetOpen(true);
  }, [user]);

  const submit = useCallback(
    async (pin: string) => {
      let result: R;
      try {
        result = await call(pin);
      } catch (error) {
        if (!(error instanceof NetworkError)) onRefused?.();
        toastCallFailure(error);
        invalidateRobots(client, scope);
        return;
      }
      setSheetOpen(false);
      invalidateRobots(client, scope);
      onDone(result);
    },
    [call, onDone, onRefused, client, scope],
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
      void navigate(routeTo('user.tradePassword'));
    }, [navigate]),
  };
}
