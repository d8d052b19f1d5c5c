// The IPO application's flow, on the shared password step (use-password-action.ts): the sixth digit sends
// `apply` with the client id made when the form opened (a retry after a lost answer carries it, so the server
// makes one application), then a toast and the records. A refusal is the server's own message (toasted); the
// sheet clears for another try.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { usePasswordAction } from '../../shared/ui/use-password-action.ts';
import { invalidateAfterIpoAction, ipoActionCall } from './queries.ts';

export function useIpoApply(offeringId: number, qty: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = useAccountScope();
  const client = useQueryClient();
  const [clientId] = useState(() => crypto.randomUUID());
  return usePasswordAction({
    call: useCallback(
      (tradePassword: string) =>
        ipoActionCall({
          action: 'apply',
          offeringId: String(offeringId),
          qty: String(qty),
          clientId,
          tradePassword,
        }),
      [offeringId, qty, clientId],
    ),
    onDone: useCallback(() => {
      showToast(t('ipo:order.applied'), { icon: 'success' });
      void navigate(routeTo('stockIPO.list'));
    }, [navigate, t]),
    settle: useCallback(() => void invalidateAfterIpoAction(client, scope), [client, scope]),
  });
}
