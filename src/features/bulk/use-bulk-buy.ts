// The block buy's flow, on the shared password step (use-password-action.ts): the sixth digit sends the buy with
// the client id made when the form opened (a retry after a lost answer carries it, so the server makes one
// buy; a refusal makes a fresh one for the next try), then a toast with the unlock date and the block orders.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BulkOrder } from '../../../contract/bulk.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { usePasswordAction } from '../../shared/ui/use-password-action.ts';
import { day } from './bulk-parts.tsx';
import { ltr } from '../../shared/format/bidi.ts';
import { bulkBuyCall, invalidateAfterBulkBuy } from './queries.ts';

export function useBulkBuy(blockId: number, qty: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = useAccountScope();
  const client = useQueryClient();
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  return usePasswordAction({
    call: useCallback(
      (tradePassword: string) =>
        bulkBuyCall({ blockId: String(blockId), qty: String(qty), clientId, tradePassword }),
      [blockId, qty, clientId],
    ),
    onDone: useCallback(
      (o: BulkOrder) => {
        showToast(t('bulk:buy.done', { date: ltr(day(o.unlockAt)) }), { icon: 'success' });
        void navigate(routeTo('stockBulk.bulkOrder'));
      },
      [navigate, t],
    ),
    onRefused: useCallback(() => setClientId(crypto.randomUUID()), []),
    settle: useCallback(() => void invalidateAfterBulkBuy(client, scope), [client, scope]),
  });
}
