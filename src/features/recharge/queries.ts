// The deposit screens' REST reads and actions: the caller's deposit records (paged, newest first, per channel
// filter), one record, the receiving accounts, the accepted coins, the caller's deposit address per chain, and
// the submits. A pending record is refetched every few seconds while the screen shows it, and on return to
// the app. Keys start with the account, so real and demo never share a cache.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  Coin,
  Deposit,
  DepositAddress,
  ReceivingAccount,
  RechargeChannel,
} from '../../../workers/protocol/deposits.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export const DEPOSIT_PAGE_SIZE = 20;
export type RecordFilter = '' | 'bank' | 'wallet' | 'offline' | 'crypto';
export type Chain = 'TRC20' | 'ERC20' | 'BEP20';
export const CHAINS: readonly Chain[] = ['TRC20', 'ERC20', 'BEP20'];

const hasPending = (list: readonly Deposit[]) => list.some((d) => d.status === 'pending');

export function depositRecordsQuery(scope: AccountScope, channel: RecordFilter) {
  return infiniteQueryOptions({
    queryKey: [...accountKey(scope, RESOURCE.deposits), { channel }],
    queryFn: ({ pageParam, signal }) =>
      getData<Page<Deposit>>(
        'user/recharge/order',
        { channel: channel || undefined, page: pageParam, size: DEPOSIT_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    refetchOnWindowFocus: true,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => hasPending(p.list)) ? 10_000 : false),
  });
}

export function depositQuery(scope: AccountScope, id: number) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.deposits), 'one', id],
    queryFn: ({ signal }) => getData<Deposit>('user/recharge/status', { id: String(id) }, { signal }),
    refetchOnWindowFocus: true,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 10_000 : false),
  });
}

export function receivingAccountsQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.deposits), 'receiving'],
    queryFn: ({ signal }) =>
      getData<{ list: ReceivingAccount[] }>('index/bank/recharge', undefined, { signal }),
    staleTime: 60_000,
  });
}

export function coinsQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.deposits), 'coins'],
    queryFn: ({ signal }) => getData<{ list: Coin[] }>('index/recharge/coins', undefined, { signal }),
    staleTime: 60_000,
  });
}

/** The caller's deposit address on `chain`; generated on first open (the server makes one, once). */
export function depositAddressQuery(scope: AccountScope, chain: Chain) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.deposits), 'address', chain],
    queryFn: async ({ signal }) => {
      const got = await postData<DepositAddress>('coin/recharge/address', { chain }, { signal });
      if (got.address !== null) return got;
      return postData<DepositAddress>('coin/recharge/address/generate', { chain }, { signal });
    },
    staleTime: Infinity,
  });
}

export const addRechargeCall = (body: {
  channel: RechargeChannel;
  amount: string;
  clientId: string;
  receivingAccountId?: string | undefined;
  payer?: string | undefined;
  channelPassword?: string | undefined;
}) => postData<Deposit>('user/recharge/add', body);

export const addCoinRechargeCall = (body: {
  chain: Chain;
  amount: string;
  clientId: string;
  txHash?: string | undefined;
}) => postData<Deposit>('coin/recharge/add', body);

/** A client id for one opening of a form: a retried submit carries it, so the server makes one record. */
export function newClientId(): string {
  return crypto.randomUUID();
}
