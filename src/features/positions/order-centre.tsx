// The order centre (spec §4 order states): in progress and partially completed are the account feed's live open
// orders (the worker keeps them from the account channel); history (filled) and cancelled are paged lists of
// stock/order/list (infinite queries in one PagedList), with counts from stock/order/statistics. Whenever the
// feed's open orders change (a fill, a cancel, a new order), the history lists and counts are invalidated, not
// polled. Open orders can be cancelled after a confirmation; the channel then reports the cancel.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { OrderStatus, StockOrder } from '../../../workers/protocol/trade.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
import { OrderRow } from './order-row.tsx';
import { useLiveOpenOrders } from './positions-live.ts';
import { cancelOrderCall, invalidateOrders, ordersQuery, orderStatsQuery } from './queries.ts';
import s from './order-centre.module.css';

export const ORDER_TABS = [
  'pending',
  'partial',
  'filled',
  'cancelled',
] as const satisfies readonly OrderStatus[];
type Tab = (typeof ORDER_TABS)[number];
/** Tabs the account feed keeps live; the others are history, paged from the server. */
const LIVE_TABS: ReadonlySet<Tab> = new Set(['pending', 'partial']);
const PANEL_ID = 'orders-panel';

/** The feed's open orders of one state; a skeleton until the feed has answered. */
function LiveOrders({ tab, onCancel }: { tab: Tab; onCancel: (o: StockOrder) => void }) {
  const { t } = useTranslation();
  const open = useLiveOpenOrders();
  if (!open) return <Skeleton rows={3} />;
  const items = open.filter((o) => o.status === tab);
  if (items.length === 0) return <EmptyState title={t('trade:orders.empty')} testId="orders-empty" />;
  return (
    <Virtuoso
      useWindowScroll
      data={items}
      initialItemCount={Math.min(items.length, 8)}
      computeItemKey={(_, o) => o.id}
      itemContent={(_, o) => <OrderRow order={o} onCancel={onCancel} />}
    />
  );
}

/** Filled or cancelled orders, paged from the server. */
function HistoryOrders({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const orders = useInfiniteQuery(ordersQuery(scope, tab));
  return (
    <PagedList
      query={orders}
      itemKey={(o) => o.id}
      renderItem={(o) => <OrderRow order={o} onCancel={() => undefined} />}
      empty={<EmptyState title={t('trade:orders.empty')} testId="orders-empty" />}
    />
  );
}

export function OrderCentre() {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('pending');
  const [confirm, setConfirm] = useState<StockOrder | null>(null);
  const stats = useQuery(orderStatsQuery(scope)).data;
  const open = useLiveOpenOrders();

  // An order leaving or entering the open list is news for the history tabs and the counts.
  const seen = useRef(open);
  useEffect(() => {
    if (seen.current === open) return;
    const first = seen.current === null;
    seen.current = open;
    if (!first) void invalidateOrders(client, scope);
  }, [open, client, scope]);

  const cancel = useMutation({
    mutationFn: (o: StockOrder) => cancelOrderCall(o.id),
    onSuccess: () => showToast(t('trade:orders.cancelled'), { icon: 'success' }),
    onError: toastCallFailure,
    onSettled: () => void invalidateOrders(client, scope),
  });

  return (
    <section data-testid="order-centre">
      <Tabs
        items={ORDER_TABS.map((id) => ({
          value: id,
          label: t(`trade:orders.tab.${id}`),
          count: stats?.[id],
          testId: `orders-tab-${id}`,
        }))}
        value={tab}
        onChange={setTab}
        label={t('trade:orders.title')}
        variant="pill"
        scrollable
        panelId={PANEL_ID}
        className={s.tabs}
      />
      <TabPanel id={PANEL_ID} value={tab}>
        {LIVE_TABS.has(tab) ? <LiveOrders tab={tab} onCancel={setConfirm} /> : <HistoryOrders tab={tab} />}
      </TabPanel>
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
