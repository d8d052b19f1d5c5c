// The confirm flow of the trade screen, on the shared password step (use-password-action.ts): buy/sell with
// the client order id (reused when a submit got no answer), a toast that says what filled ("Bought 100 OGDC
// at 281.40"; "Order placed" while nothing has), and the order centre opened on the list that holds the order
// (History for a market order that filled). Leaving to set a password keeps the draft, so the ticket comes
// back with this same order.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PlaceOrderBody, StockOrder } from '../../../workers/protocol/trade.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { orderCentreTabOf, type OrderCentreIntent } from '../../shared/routing/order-centre-intent.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { storage } from '../../shared/storage/storage.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { usePasswordAction } from '../../shared/ui/use-password-action.ts';
import { ClientOrderIds } from './client-order-id.ts';
import { fillMessage } from './fill-toast.ts';
import type { OrderDraft } from './order-form.ts';
import { invalidateAfterOrder, placeOrderCall } from './queries.ts';
import { rememberDraft } from './draft-memory.ts';

/** positionTab index of the order centre on the positions tab. */
export const ORDERS_TAB = 1;

export function usePlaceOrder(draft: OrderDraft) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = useRef(new ClientOrderIds());
  const scope = useAccountScope();
  const client = useQueryClient();

  const call = useCallback(
    (tradePassword: string) => {
      const price = draft.type === 'limit' ? draft.price : '';
      const key = JSON.stringify([draft.side, draft.symbol, draft.type, draft.qty, price]);
      const body: PlaceOrderBody = {
        symbol: draft.symbol,
        type: draft.type,
        qty: draft.qty,
        ...(price && { price }),
        clientOrderId: ids.current.idFor(key),
        tradePassword,
      };
      return placeOrderCall(draft.side, body);
    },
    [draft],
  );

  const onDone = useCallback(
    (order: StockOrder) => {
      ids.current.settle();
      showToast(fillMessage(t, order) ?? t('trade:submit.placed'), { icon: 'success' });
      storage.set('positionTab', ORDERS_TAB);
      const intent: OrderCentreIntent = { orderTab: orderCentreTabOf(order.status), orderId: order.id };
      void navigate(routeTo('tabbar.position'), { state: intent });
    },
    [navigate, t],
  );

  return usePasswordAction<StockOrder>({
    call,
    onDone,
    // An answer (a refusal) settles the id; no answer keeps it for the next try, so the order is placed once.
    onRefused: useCallback(() => ids.current.settle(), []),
    settle: useCallback(() => void invalidateAfterOrder(client, scope), [client, scope]),
    beforeSetPassword: useCallback(() => rememberDraft(draft), [draft]),
  });
}
