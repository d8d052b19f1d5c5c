// The order centre (spec §4 order states): in progress and partially completed are the account feed's live open
// orders (the worker keeps them from the account channel); history (filled) and cancelled are paged from
// stock/order/list. Counts come from stock/order/statistics, read again whenever the open orders change. Open
// orders can be cancelled after a confirmation; the channel then reports the cancel and the frozen cash back.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { CODE_OK } from '../../../workers/protocol/api.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import type { OrderStatistics, OrderStatus, StockOrder } from '../../../workers/protocol/trade.ts';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { OrderRow } from './order-row.tsx';
import { cancelOrder, fetchOrders, fetchOrderStatistics, toastFailure } from './positions-api.ts';
import { useLiveOpenOrders } from './positions-live.ts';

export const ORDER_TABS = [
  'pending',
  'partial',
  'filled',
  'cancelled',
] as const satisfies readonly OrderStatus[];
type Tab = (typeof ORDER_TABS)[number];
/** Tabs the account feed keeps live; the others are history, paged from the server. */
const LIVE_TABS: ReadonlySet<Tab> = new Set(['pending', 'partial']);
const SIZE = 20;

interface ListState {
  /** tab and account the items belong to */
  key: string;
  items: StockOrder[];
  total: number;
  page: number;
  status: 'loading' | 'ok' | 'error';
}

/** Adds page `page` of the list `k` (page 1 replaces); an answer for a list no longer shown is dropped. */
function mergePage(
  cur: ListState | null,
  k: string,
  page: number,
  res: Page<StockOrder> | undefined,
): ListState | null {
  if (page > 1 && cur?.key !== k) return cur;
  const base: ListState = cur?.key === k ? cur : { key: k, items: [], total: 0, page: 0, status: 'loading' };
  if (!res) return { ...base, status: 'error' };
  const items = page === 1 ? res.list : [...base.items, ...res.list];
  return { key: k, items, total: res.total, page, status: 'ok' };
}

export function OrderCentre({ accountKey }: { accountKey: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('pending');
  const [stats, setStats] = useState<OrderStatistics | null>(null);
  const [confirm, setConfirm] = useState<StockOrder | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const key = `${tab}|${accountKey}`;
  const [loaded, setList] = useState<ListState | null>(null);
  const open = useLiveOpenOrders();
  const live = LIVE_TABS.has(tab);
  const paged: ListState =
    loaded?.key === key ? loaded : { key, items: [], total: 0, page: 0, status: 'loading' };
  const list: ListState = !live
    ? paged
    : open
      ? (() => {
          const items = open.filter((o) => o.status === tab);
          return { key, items, total: items.length, page: 1, status: 'ok' };
        })()
      : { key, items: [], total: 0, page: 0, status: 'loading' };

  const more = (page: number) => {
    void fetchOrders(tab, page, SIZE)
      .catch(() => undefined)
      .then((res) => setList((cur) => mergePage(cur, key, page, res)));
  };

  // History tabs: an order leaving the open list (filled, cancelled) is news for them too.
  useEffect(() => {
    if (LIVE_TABS.has(tab)) return;
    const k = `${tab}|${accountKey}`;
    void fetchOrders(tab, 1, SIZE)
      .catch(() => undefined)
      .then((res) => setList((cur) => mergePage(cur, k, 1, res)));
  }, [tab, accountKey, reloadKey, open]);

  useEffect(() => {
    void fetchOrderStatistics()
      .then((s) => s && setStats(s))
      .catch(() => undefined);
  }, [accountKey, reloadKey, open]);

  const doCancel = async () => {
    const o = confirm;
    setConfirm(null);
    if (!o) return;
    try {
      const res = await cancelOrder(o.id);
      if (res?.code !== CODE_OK) return toastFailure(res);
      showToast(t('trade:orders.cancelled'), { icon: 'success' });
    } catch {
      showToast(t('common:networkError'), { icon: 'error' });
    }
    setReloadKey((k) => k + 1);
  };

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
      {list.status === 'loading' ? (
        <p className="tr-state muted" role="status">
          {t('common:loading')}
        </p>
      ) : list.status === 'error' && list.items.length === 0 ? (
        <div className="tr-state">
          <p>{t('trade:state.error')}</p>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => setReloadKey((k) => k + 1)}
          >
            {t('common:retry')}
          </button>
        </div>
      ) : list.items.length === 0 ? (
        <p className="tr-state muted" data-testid="orders-empty">
          {t('trade:orders.empty')}
        </p>
      ) : (
        <Virtuoso
          useWindowScroll
          data={list.items}
          initialItemCount={Math.min(list.items.length, 8)}
          computeItemKey={(_, o) => o.id}
          endReached={() => list.items.length < list.total && more(list.page + 1)}
          itemContent={(_, o) => <OrderRow order={o} onCancel={setConfirm} />}
        />
      )}
      <ConfirmDialog
        open={!!confirm}
        title={t('trade:orders.cancelTitle')}
        message={confirm ? t('trade:orders.cancelText', { symbol: confirm.symbol }) : ''}
        confirmLabel={t('trade:orders.cancel')}
        danger
        onConfirm={() => void doCancel()}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}
