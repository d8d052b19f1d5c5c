// The order centre (spec §4 order states): in progress, partially completed, history (filled) and cancelled,
// each a paged list of stock/order/list with its count from stock/order/statistics. Open orders can be
// cancelled after a confirmation; the frozen cash returns and the lists are invalidated.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderStatus, StockOrder } from '../../../workers/protocol/trade.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
import { OrderRow } from './order-row.tsx';
import { cancelOrderCall, invalidateOrders, ordersQuery, orderStatsQuery } from './queries.ts';

export const ORDER_TABS = [
  'pending',
  'partial',
  'filled',
  'cancelled',
] as const satisfies readonly OrderStatus[];
type Tab = (typeof ORDER_TABS)[number];

export function OrderCentre({
  version = 0,
  onChanged,
}: {
  /** The positions page's account key; the cache keys come from the session (use-account-scope). */
  accountKey?: string;
  /** bumps when the account channel reports an order change: the lists are invalidated, not polled */
  version?: number;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('pending');
  const [confirm, setConfirm] = useState<StockOrder | null>(null);
  const orders = useInfiniteQuery(ordersQuery(scope, tab));
  const stats = useQuery(orderStatsQuery(scope)).data;

  // The feed told us an order changed: refresh what is shown (the first render needs no second fetch).
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void invalidateOrders(client, scope);
  }, [version, client, scope]);

  const cancel = useMutation({
    mutationFn: (o: StockOrder) => cancelOrderCall(o.id),
    onSuccess: () => showToast(t('trade:orders.cancelled'), { icon: 'success' }),
    onError: toastCallFailure,
    onSettled: () => {
      void invalidateOrders(client, scope);
      onChanged?.();
    },
  });

  return (
    <section className="order-centre" data-testid="order-centre">
      <div className="sub-tabs" role="tablist" aria-label={t('trade:orders.title')}>
        {ORDER_TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={`chip sub-tabs__tab${tab === id ? ' is-active' : ''}`}
            data-testid={`orders-tab-${id}`}
            onClick={() => setTab(id)}
          >
            {t(`trade:orders.tab.${id}`)}
            {stats && stats[id] > 0 && <Num className="sub-tabs__count">{stats[id]}</Num>}
          </button>
        ))}
      </div>
      <PagedList
        query={orders}
        itemKey={(o) => o.id}
        renderItem={(o) => <OrderRow order={o} onCancel={setConfirm} />}
        empty={<EmptyState title={t('trade:orders.empty')} testId="orders-empty" />}
      />
      <ConfirmDialog
        open={!!confirm}
        title={t('trade:orders.cancelTitle')}
        message={confirm ? t('trade:orders.cancelText', { symbol: confirm.symbol }) : ''}
        confirmLabel={t('trade:orders.cancel')}
        danger
        onConfirm={() => {
          if (confirm) cancel.mutate(confirm);
          setConfirm(null);
        }}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}
