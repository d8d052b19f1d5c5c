// The calls of the trade screens (spec §7): order preview, buy/sell, the transaction password, and the few
// market and profile reads the order form needs. Each resolves with the envelope, or undefined when the API
// layer already showed the server's message (-1001) or reset the session (-1000).
import type { UserInfo } from '../../../workers/protocol/api.ts';
import { CODE_OK, type ApiEnvelope } from '../../../workers/protocol/api.ts';
import type { Quote, StockInfo } from '../../../workers/protocol/market.ts';
import type { OrderPreview, PlaceOrderBody, Position, StockOrder } from '../../../workers/protocol/trade.ts';
import { apiGet, apiPost, type ApiParams } from '../../shared/api/client.ts';
import { storage } from '../../shared/storage/storage.ts';

export function fetchPreview(
  query: ApiParams,
  signal: AbortSignal,
): Promise<ApiEnvelope<OrderPreview> | undefined> {
  return apiGet<OrderPreview>('stock/order/preview', query, { signal });
}

export function placeOrder(side: 'buy' | 'sell', body: PlaceOrderBody) {
  return apiPost<StockOrder>(`stock/order/${side}`, { ...body }, { loader: true });
}

export function setTradePassword(password: string, password2: string) {
  return apiPost<null>('user/password/trade/set', { password, password2 }, { loader: true });
}

export function changeTradePassword(oldPassword: string, password: string, password2: string) {
  return apiPost<null>('user/password/trade/change', { oldPassword, password, password2 }, { loader: true });
}

export async function fetchStockInfo(symbol: string): Promise<StockInfo | undefined> {
  const env = await apiGet<StockInfo>('stock/info', { symbol });
  return env?.code === CODE_OK ? env.data : undefined;
}

/** The holding in one stock (zero quantities when none is held). */
export async function fetchHolding(symbol: string): Promise<Position | undefined> {
  const env = await apiGet<Position>('stock/hold/info', { symbol });
  return env?.code === CODE_OK ? env.data : undefined;
}

export async function searchStocks(q: string, signal: AbortSignal): Promise<Quote[] | undefined> {
  const env = await apiGet<Quote[]>('stock/search', { q, limit: 20 }, { signal });
  return env?.code === CODE_OK ? env.data : undefined;
}

/** Re-reads the profile (hasTradePassword changes after setting it); false when it could not be read. */
export async function refreshProfile(): Promise<boolean> {
  try {
    const env = await apiGet<UserInfo>('user/info');
    if (env?.code !== CODE_OK) return false;
    storage.set('userInfo', env.data);
    return true;
  } catch {
    return false;
  }
}

export { toastFailure } from '../../shared/api/toast-failure.ts';
