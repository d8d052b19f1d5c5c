// The order centre (spec §4 order states): in progress and partially completed are the account feed's live open
// orders (the worker keeps them from the account channel); history (filled) and cancelled are paged lists of
// stock/order/list (infinite queries in one PagedList), with counts from stock/order/statistics. Whenever the
// feed's open orders change (a fill, a cancel, a new order), the history lists and counts are invalidated, not
// polled. Open orders can be cancelled after a confirmation; the channel then reports the cancel.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { StockOrder } from '../../../workers/protocol/trade.ts';
import { ORDER_CENTRE_TABS, type OrderCentreTab } from '../../shared/routing/order-centre-intent.ts';
import { useOffline, usePortfolioAsOf } from '../../market/connectivity.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { AsOfNote } from '../../shared/ui/as-of-note.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { OfflineReason } from '../../shared/ui/offline-reason.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
import { OrderRow } from './order-row.tsx';
import { useLiveOpenOrders } from './positions-live.ts';
import { cancelOrderCall, invalidateOrders, ordersQuery, orderStatsQuery } from './queries.ts';
import s from './order-centre.module.css';

export const ORDER_TABS = ORDER_CENTRE_TABS;
type Tab = OrderCentreTab;
/** Tabs the account feed keeps live; the others are history, paged from the server. */
const LIVE_TABS: ReadonlySet<Tab> = new Set(['pending', 'partial']);
const PANEL_ID = 'orders-panel';

/**
 * The feed's open orders of one state; a skeleton until the feed has answered. Offline they show as of their
 * last live moment, and cannot be cancelled (the reason is said once, above the list).
 */
function LiveOrders({
  tab,
  onCancel,
  fresh,
}: {
  tab: Tab;
  onCancel: (o: StockOrder) => void;
  fresh: number | null;
}) {
  const { t } = useTranslation();
  const open = useLiveOpenOrders();
  const asOf = usePortfolioAsOf();
  const offline = useOffline();
  const reasonId = useId();
  if (!open) return <Skeleton rows={3} />;
  const items = open.filter((o) => o.status === tab);
  if (items.length === 0) return <EmptyState title={t('trade:orders.empty')} testId="orders-empty" />;
  const blocked = offline ? { reasonId } : null;
  return (
    <>
      <AsOfNote asOf={asOf} testId="orders-as-of" />
      {offline && <OfflineReason id={reasonId} text={t('trade:offline.orders')} />}
      <Virtuoso
        useWindowScroll
        data={items}
        initialItemCount={Math.min(items.length, 8)}
        computeItemKey={(_, o) => o.id}
        itemContent={(_, o) => (
          <OrderRow order={o} onCancel={onCancel} fresh={o.id === fresh} blocked={blocked} />
        )}
      />
    </>
  );
}

/** Filled or cancelled orders, paged from the server. */
function HistoryOrders({ tab, fresh }: { tab: Tab; fresh: number | null }) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const orders = useInfiniteQuery(ordersQuery(scope, tab));
  return (
    <PagedList
      query={orders}
      itemKey={(o) => o.id}
      renderItem={(o) => <OrderRow order={o} onCancel={() => undefined} fresh={o.id === fresh} />}
      empty={<EmptyState title={t('trade:orders.empty')} testId="orders-empty" />}
    />
  );
}

/**
 * `initialTab`: the list to open on (the trade screen names the one that holds the order it placed);
 * `highlightId`: that order, outlined.
 */
export function OrderCentre({
  initialTab = 'pending',
  highlightId = null,
}: {
  initialTab?: Tab;
  highlightId?: number | null;
}) {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>(initialTab);
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
        {LIVE_TABS.has(tab) ? (
          <LiveOrders tab={tab} onCancel={setConfirm} fresh={highlightId} />
        ) : (
          <HistoryOrders tab={tab} fresh={highlightId} />
        )}
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
