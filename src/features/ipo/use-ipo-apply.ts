// The IPO application's flow: Apply opens the transaction password sheet (or asks to set a password first),
// the sixth digit sends `apply` with the client id made when the form opened (a retry after a lost answer
// carries it, so the server makes one application), then a toast and the records. A refusal is the server's
// own message (toasted); the sheet clears for another try.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { userInfoAtom } from '../../shared/state/session-atoms.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
import { invalidateAfterIpoAction, ipoActionCall } from './queries.ts';

export function useIpoApply(offeringId: number, qty: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const scope = useAccountScope();
  const client = useQueryClient();
  const [clientId] = useState(() => crypto.randomUUID());
  const [sheetOpen, setSheetOpen] = useState(false);
  const [needPassword, setNeedPassword] = useState(false);
  const apply = useMutation({
    mutationFn: (tradePassword: string) =>
      ipoActionCall({
        action: 'apply',
        offeringId: String(offeringId),
        qty: String(qty),
        clientId,
        tradePassword,
      }),
    onSettled: () => invalidateAfterIpoAction(client, scope),
  });
  const { mutateAsync } = apply;

  const submit = useCallback(
    async (tradePassword: string) => {
      try {
        await mutateAsync(tradePassword);
      } catch (error) {
        toastCallFailure(error);
        return;
      }
      setSheetOpen(false);
      showToast(t('ipo:order.applied'), { icon: 'success' });
      void navigate(routeTo('stockIPO.list'));
    },
    [mutateAsync, navigate, t],
  );

  return {
    confirm: useCallback(() => {
      if (user && !user.hasTradePassword) setNeedPassword(true);
      else setSheetOpen(true);
    }, [user]),
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
