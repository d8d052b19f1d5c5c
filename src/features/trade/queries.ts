// The trade screens' REST reads as queries and their actions as mutation functions: the stock's info and the
// holding in it, the symbol picker's search, and the server's order preview (fees, net, maximum quantity).
// An order placed here invalidates the order centre's lists by their shared key names.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Quote, StockInfo } from '../../../workers/protocol/market.ts';
import type { OrderPreview, PlaceOrderBody, Position, StockOrder } from '../../../workers/protocol/trade.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { accountKey, PUBLIC, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';
import type { previewQuery } from './order-form.ts';

/** A market order's price follows the market, so its preview is re-read while it waits. */
export const PREVIEW_REFRESH_MS = 5000;

export function tradeStockInfoQuery(symbol: string) {
  return queryOptions({
    queryKey: [PUBLIC, 'trade-stock-info', symbol],
    queryFn: ({ signal }) => getData<StockInfo>('stock/info', { symbol }, { signal }),
    enabled: symbol !== '',
    staleTime: 60 * 60_000,
  });
}

/** The holding in one stock (zero quantities when none is held): a sell names shares locked until T+1. */
export function holdingQuery(scope: AccountScope, symbol: string, enabled: boolean) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.holding), symbol],
    queryFn: ({ signal }) => getData<Position>('stock/hold/info', { symbol }, { signal }),
    enabled: enabled && symbol !== '' && scope[0] !== 'guest',
    staleTime: 10_000,
  });
}

export function pickerSearchQuery(q: string) {
  return queryOptions({
    queryKey: [PUBLIC, 'picker-search', q],
    queryFn: ({ signal }) => getData<Quote[]>('stock/search', { q, limit: 20 }, { signal }),
    enabled: q !== '',
    staleTime: 5 * 60_000,
    select: (list: Quote[]) => list.filter((r) => r.market === 'psx'),
  });
}

type PreviewParams = NonNullable<ReturnType<typeof previewQuery>>;

export function orderPreviewQuery(scope: AccountScope, params: PreviewParams | null) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.preview), params],
    queryFn: ({ signal }) =>
      getData<OrderPreview>('stock/order/preview', { ...(params as PreviewParams) }, { signal }),
    enabled: params !== null,
    staleTime: 0,
    refetchInterval: params?.type === 'market' ? PREVIEW_REFRESH_MS : false,
    // While the next answer is on its way keep the last one of the same symbol, side and type (no flicker).
    placeholderData: (prev, prevQuery) => {
      const p = prevQuery?.queryKey[3] as PreviewParams | null | undefined;
      return p && params && p.symbol === params.symbol && p.side === params.side && p.type === params.type
        ? keepPreviousData(prev)
        : undefined;
    },
  });
}

export function placeOrderCall(side: 'buy' | 'sell', body: PlaceOrderBody): Promise<StockOrder> {
  return postData<StockOrder>(`stock/order/${side}`, { ...body }, { loader: true });
}

export function setTradePasswordCall(password: string, password2: string): Promise<null> {
  return postData<null>('user/password/trade/set', { password, password2 }, { loader: true });
}

export function changeTradePasswordCall(
  oldPassword: string,
  password: string,
  password2: string,
): Promise<null> {
  return postData<null>('user/password/trade/change', { oldPassword, password, password2 }, { loader: true });
}

/** After an order: the order centre's lists and counts, the holding, income and money movements. */
export function invalidateAfterOrder(client: QueryClient, scope: AccountScope): Promise<void> {
  const touched = [
    RESOURCE.orders,
    RESOURCE.orderStats,
    RESOURCE.holding,
    RESOURCE.income,
    RESOURCE.txRecords,
  ];
  return Promise.all(touched.map((r) => client.invalidateQueries({ queryKey: accountKey(scope, r) }))).then(
    () => undefined,
  );
}
