// The commitment's flow, on the shared password step (use-password-action.ts): the sixth digit sends the
// commitment with the client id made when the form opened (a retry after a lost answer carries it, so the
// server makes one commitment), then a toast and the commitments list. A refusal is the server's own message.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { usePasswordAction } from '../../shared/ui/use-password-action.ts';
import { commitCall, invalidateAfterCommit } from './queries.ts';

export function useIcoCommit(saleId: number, amount: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = useAccountScope();
  const client = useQueryClient();
  const [clientId] = useState(() => crypto.randomUUID());
  return usePasswordAction({
    call: useCallback(
      (tradePassword: string) => commitCall({ saleId: String(saleId), amount, clientId, tradePassword }),
      [saleId, amount, clientId],
    ),
    onDone: useCallback(() => {
      showToast(t('ico:order.done'), { icon: 'success' });
      void navigate(routeTo('coinICO.applyList'));
    }, [navigate, t]),
    settle: useCallback(() => void invalidateAfterCommit(client, scope), [client, scope]),
  });
}
