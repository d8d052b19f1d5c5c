// The exchange screens' REST reads and actions: the three accounts (coin/assets), the crypto funds detail
// (coin/tx/record, paged), the PKR ↔ USDT quote and its acceptance (user/exchange) and the spot ↔ contract
// transfer (coin/transfer). Keys start with the account, so real and demo never share a cache; an action
// invalidates the balances and the records it changed.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  CoinAccount,
  CoinAssets,
  CoinTransfer,
  ExchangeDirection,
  ExchangeQuote,
} from '../../../contract/exchange.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import type { TxRecord, TxType } from '../../../workers/protocol/trade.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export const COIN_RECORDS_PAGE_SIZE = 30;

export function coinAssetsQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: accountKey(scope, RESOURCE.coinAssets),
    queryFn: ({ signal }) => postData<CoinAssets>('coin/assets', {}, { signal }),
    staleTime: 10_000,
  });
}

export function coinRecordsQuery(scope: AccountScope, account: CoinAccount, type: TxType | '') {
  return infiniteQueryOptions({
    queryKey: [...accountKey(scope, RESOURCE.coinRecords), { account, type }],
    queryFn: ({ pageParam, signal }) =>
      getData<Page<TxRecord>>(
        'coin/tx/record',
        { account, type: type || undefined, page: pageParam, size: COIN_RECORDS_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 60_000,
  });
}

export const quoteCall = (body: { direction: ExchangeDirection; amount: string }) =>
  postData<ExchangeQuote>('user/exchange', { action: 'quote', ...body });

export const acceptCall = (body: { quoteId: string; clientId: string }) =>
  postData<ExchangeQuote>('user/exchange', { action: 'accept', ...body });

export const transferCall = (body: {
  from: CoinAccount;
  to: CoinAccount;
  amount: string;
  clientId: string;
}) => postData<CoinTransfer>('coin/transfer', body);

/** After money moved: the balances and both funds details (stock and crypto) of this account. */
export function invalidateMoney(client: QueryClient, scope: AccountScope): void {
  for (const r of [RESOURCE.coinAssets, RESOURCE.coinRecords, RESOURCE.txRecords, RESOURCE.withdrawConfig])
    void client.invalidateQueries({ queryKey: accountKey(scope, r) });
}

/** A client id for one opening of a form: a retried submit carries it, so the server acts once. */
export function newClientId(): string {
  return crypto.randomUUID();
}
