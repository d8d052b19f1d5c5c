// The VIP screen's calls: the membership (user/vip/get), its signals (stock/vip/advice: asked only while a
// trial or membership runs) and the trial / plan purchase (user/vip/buy). Keys start with the account (real and
// demo answer canPay differently); a purchase invalidates the membership, the signals and the money.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { VipAdvice, VipStatus } from '../../../contract/vip.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export function vipStatusQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: accountKey(scope, RESOURCE.vip),
    queryFn: ({ signal }) => getData<VipStatus>('user/vip/get', {}, { signal }),
    staleTime: 30_000,
  });
}

export function vipAdviceQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: accountKey(scope, RESOURCE.vipAdvice),
    queryFn: ({ signal }) => getData<VipAdvice>('stock/vip/advice', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export const buyCall = (body: { plan: string; clientId: string; tradePassword?: string }) =>
  postData<VipStatus>('user/vip/buy', body);

export function newClientId(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not
  return Array.from(c.getRandomValues(new Uint8Array(16)), (x) => x.toString(16).padStart(2, '0')).join('');
}

export function invalidateVip(client: QueryClient, scope: AccountScope): void {
  for (const r of [RESOURCE.vip, RESOURCE.vipAdvice, RESOURCE.txRecords])
    void client.invalidateQueries({ queryKey: accountKey(scope, r) });
}
