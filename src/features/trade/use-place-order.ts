// The confirm flow of the trade screen: no transaction password yet → a dialog leading to set one; otherwise
// the password sheet, then buy/sell with the client order id (reused when a submit got no answer), a toast
// that says what filled ("Bought 100 OGDC at 281.40"; "Order placed" while nothing has), and the order centre
// opened on the list that holds the order (History for a market order that filled). Refusals are the
// server's own messages (toasted by the API layer or here).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PlaceOrderBody, StockOrder } from '../../../workers/protocol/trade.ts';
import { NetworkError } from '../../shared/api/api-errors.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { orderCentreTabOf, type OrderCentreIntent } from '../../shared/routing/order-centre-intent.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { useAtomValue } from '../../shared/state/jotai.ts';
import { userInfoAtom } from '../../shared/state/session-atoms.ts';
import { storage } from '../../shared/storage/storage.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
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
  const user = useAtomValue(userInfoAtom);
  const ids = useRef(new ClientOrderIds());
  const [sheetOpen, setSheetOpen] = useState(false);
  const [needPassword, setNeedPassword] = useState(false);
  const scope = useAccountScope();
  const client = useQueryClient();
  const place = useMutation({
    mutationFn: ({ side, body }: { side: 'buy' | 'sell'; body: PlaceOrderBody }) =>
      placeOrderCall(side, body),
    onSettled: () => invalidateAfterOrder(client, scope),
  });
  const { mutateAsync } = place;

  const confirm = useCallback(() => {
    if (user && !user.hasTradePassword) setNeedPassword(true);
    else setSheetOpen(true);
  }, [user]);

  const submit = useCallback(
    async (tradePassword: string) => {
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
      let order: StockOrder;
      try {
        order = await mutateAsync({ side: draft.side, body });
      } catch (error) {
        // No answer: the same id goes with the next try, so the order can only be placed once. An answer
        // (a refusal, toasted by the global handler or here) settles the id.
        if (!(error instanceof NetworkError)) ids.current.settle();
        toastCallFailure(error);
        return;
      }
      ids.current.settle();
      setSheetOpen(false);
      showToast(fillMessage(t, order) ?? t('trade:submit.placed'), { icon: 'success' });
      storage.set('positionTab', ORDERS_TAB);
      const intent: OrderCentreIntent = { orderTab: orderCentreTabOf(order.status), orderId: order.id };
      void navigate(routeTo('tabbar.position'), { state: intent });
    },
    [draft, navigate, t, mutateAsync],
  );

  return {
    confirm,
    submit,
    sheetOpen,
    closeSheet: useCallback(() => setSheetOpen(false), []),
    needPassword,
    closeNeedPassword: useCallback(() => setNeedPassword(false), []),
    goSetPassword: useCallback(() => {
      setNeedPassword(false);
      // Back from setting it (history back), the ticket opens with this same order.
      rememberDraft(draft);
      void navigate(routeTo('user.tradePassword'));
    }, [navigate, draft]),
  };
}
