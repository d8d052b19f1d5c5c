// The calls of the order centre and income (spec §7): order history with its statistics, cancel (a GET, as the
// spec lists it) and the income windows. Holdings, open orders and cash come from the worker's account feed.
import { CODE_OK, CODE_SESSION_INVALID, type ApiEnvelope } from '../../../workers/protocol/api.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import type { Income, OrderStatistics, OrderStatus, StockOrder } from '../../../workers/protocol/trade.ts';
import { apiGet } from '../../shared/api/client.ts';
import { showToast } from '../../shared/ui/toast.tsx';

async function data<T>(p: Promise<ApiEnvelope<T> | undefined>): Promise<T | undefined> {
  const env = await p;
  return env?.code === CODE_OK ? env.data : undefined;
}

export function fetchOrders(
  status: OrderStatus,
  page: number,
  size: number,
): Promise<Page<StockOrder> | undefined> {
  return data(apiGet<Page<StockOrder>>('stock/order/list', { status, page, size }));
}

export function fetchOrderStatistics(): Promise<OrderStatistics | undefined> {
  return data(apiGet<OrderStatistics>('stock/order/statistics'));
}

export function cancelOrder(id: number) {
  return apiGet<StockOrder>('stock/order/cancel', { id }, { loader: true });
}

export function fetchIncome(): Promise<Income | undefined> {
  return data(apiGet<Income>('stock/income'));
}

export function toastFailure(res: ApiEnvelope<unknown> | undefined): void {
  if (res && res.code !== CODE_SESSION_INVALID && res.msg) showToast(res.msg, { icon: 'error' });
}
