// The contract screen's REST reads and actions (contract/perp-orders.ts, under coin/contract/order/): the pair's
// ticker (public), the caller's leverage, open positions and waiting TP/SL, the contract account's balances
// (coin/assets, the exchange screens' key), and the calls. Private keys start with the account, so real and
// demo never share a cache; positions are re-read every few seconds (the worker keeps their figures live).
import { queryOptions } from '@tanstack/react-query';
import type { CoinAssets } from '../../../contract/exchange.ts';
import type {
  PerpExecutionView,
  PerpLimitOrderView,
  PerpPositionView,
  PerpTicker,
} from '../../../contract/perp-orders.ts';
import { PERP_PREFIX } from '../../../contract/perp-orders.ts';
import type { Page } from '../../../contract/envelope.ts';
import type { PerpFundingPayment, PerpHistoryOrder } from '../../../contract/perp-history.ts';

export interface HistoryData {
  type: 'orders' | 'funding';
  orders: Page<PerpHistoryOrder> | null;
  funding: Page<PerpFundingPayment> | null;
}
import { getData, postData } from '../../shared/api/data-client.ts';
import { accountKey, PUBLIC, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';
import { contractInterval } from './contract-push.ts';

const P = PERP_PREFIX;
/** Every private contract read sits under this key: one invalidation after an action covers them all. */
export const contractKey = (scope: AccountScope) => accountKey(scope, RESOURCE.perp);

export function perpTickerQuery(symbol: string) {
  return queryOptions({
    queryKey: [PUBLIC, 'perp-ticker', symbol],
    queryFn: ({ signal }) => getData<PerpTicker>(`${P}/ticker`, { symbol }, { signal }),
    refetchInterval: 5_000,
    staleTime: 2_000,
  });
}

export interface LeverageInfo {
  symbol: string;
  leverage: number;
  maxLeverage: number;
  position: PerpPositionView | null;
}

export function leverageQuery(scope: AccountScope, symbol: string) {
  return queryOptions({
    queryKey: [...contractKey(scope), 'leverage', symbol],
    queryFn: ({ signal }) => postData<LeverageInfo>(`${P}/multiple`, { symbol }, { signal }),
    staleTime: 30_000,
  });
}

/** `pushed`: the account socket delivers, so its hints replace the fast poll (contract-push.ts). */
export function positionsQuery(scope: AccountScope, pushed = false) {
  return queryOptions({
    queryKey: [...contractKey(scope), 'positions'],
    queryFn: ({ signal }) => getData<{ list: PerpPositionView[] }>(`${P}/list`, {}, { signal }),
    refetchInterval: contractInterval(pushed, 3_000),
    staleTime: 1_000,
  });
}

export interface ActiveTrigger {
  positionId: number;
  symbol: string;
  kind: 'tp' | 'sl';
  side: 'buy' | 'sell';
  price: string;
  source: 'mark' | 'last';
  qty: string;
}

/** What waits: the TP/SL triggers of open positions and the resting limit orders. */
export interface ActiveData {
  list: ActiveTrigger[];
  orders: PerpLimitOrderView[];
}

export function activeQuery(scope: AccountScope, pushed = false) {
  return queryOptions({
    queryKey: [...contractKey(scope), 'active'],
    queryFn: ({ signal }) => getData<ActiveData>(`${P}/list/active`, {}, { signal }),
    refetchInterval: contractInterval(pushed, 5_000),
  });
}

/**
 * coin/contract/order/history: type=orders, the account's fills, newest first, a liquidation explained;
 * type=funding, its funding payments (what each interval paid or brought, at which rate and mark).
 */
export function historyQuery(
  scope: AccountScope,
  page: number,
  size: number,
  pushed = false,
  type: HistoryData['type'] = 'orders',
) {
  return queryOptions({
    queryKey: [...contractKey(scope), 'history', type, page, size],
    queryFn: ({ signal }) =>
      getData<HistoryData>(`${P}/history`, { type, page: String(page), size: String(size) }, { signal }),
    refetchInterval: contractInterval(pushed, 5_000),
    staleTime: 1_000,
  });
}

/** coin/assets under the exchange screens' key (the same read: a transfer there refreshes it here). */
export function contractAssetsQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: accountKey(scope, RESOURCE.coinAssets),
    queryFn: ({ signal }) => postData<CoinAssets>('coin/assets', {}, { signal }),
    staleTime: 5_000,
  });
}

export interface Executed {
  order: PerpExecutionView;
  position: PerpPositionView;
  repeated: boolean;
}

export interface LimitPlaced {
  limit: PerpLimitOrderView;
  /** the fill when the price was marketable */
  order: PerpExecutionView | null;
  position: PerpPositionView | null;
  repeated: boolean;
}

export const perpCall = {
  /** `tradePassword`: needed when the symbol has an open position (its margin moves) */
  leverage: (symbol: string, leverage: number, tradePassword?: string) =>
    postData<LeverageInfo>(`${P}/multiple`, {
      symbol,
      leverage: String(leverage),
      ...(tradePassword ? { tradePassword } : {}),
    }),
  open: (b: {
    clientId: string;
    symbol: string;
    side: 'long' | 'short';
    qty: string;
    tradePassword: string;
  }) => postData<Executed>(`${P}/add`, b),
  limit: (b: {
    clientId: string;
    symbol: string;
    side: 'long' | 'short';
    qty: string;
    price: string;
    tradePassword: string;
  }) => postData<LimitPlaced>(`${P}/add/limit`, b),
  cancel: (orderId: number) => postData<PerpLimitOrderView>(`${P}/cancel`, { orderId: String(orderId) }),
  close: (b: { clientId: string; positionId: number; qty?: string }) =>
    postData<Executed>(`${P}/close`, { ...b, positionId: String(b.positionId) }),
  addMargin: (b: { clientId: string; positionId: number; amount: string; tradePassword: string }) =>
    postData<PerpPositionView>(`${P}/add/mgn`, { ...b, positionId: String(b.positionId) }),
  tpsl: (kind: 'profit' | 'loss', b: { positionId: number; price: string; source: 'mark' | 'last' }) =>
    postData<PerpPositionView>(`${P}/set/${kind}`, { ...b, positionId: String(b.positionId) }),
  closeAll: (clientId: string) => postData<{ list: Executed[] }>(`${P}/liquidate/all`, { clientId }),
};

/** A fresh client id (getRandomValues works outside secure contexts too). */
export const newClientId = () =>
  `perp-${Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (x) => x.toString(16).padStart(2, '0')).join('')}`;
