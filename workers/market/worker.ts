// The worker's feeds on one host: the market feed (tickers, books, charts, painted cells) and the account feed
// (orders, balances, live positions valued at the market feed's prices), which is loaded when an account
// signs in or a position row shows (lazy-account-feed.ts). A new feed (crypto spot, contracts, options) is its
// own module under feeds/ plus one `host.add` line and one spread into the API below.
import type { WorkerApi } from '../protocol/worker-api.ts';
import {
  LazyAccountFeed,
  loadAccountFeed,
  type AccountFeedSource,
} from './feeds/account/lazy-account-feed.ts';
import { LazyContractsFeed } from './feeds/contracts/lazy-contracts-feed.ts';
import { MarketFeed } from './feeds/market/market-feed.ts';
import type { FeedDeps } from './host/feed.ts';
import { FeedHost } from './host/feed-host.ts';

export interface MarketWorker {
  host: FeedHost;
  market: MarketFeed;
  account: LazyAccountFeed;
  contracts: LazyContractsFeed;
  /** What the entry exposes with comlink (and what tests drive). */
  api: WorkerApi;
}

export function createMarketWorker(
  deps: FeedDeps,
  accountFeed: AccountFeedSource = loadAccountFeed,
): MarketWorker {
  const host = new FeedHost(deps);
  const market = host.add(new MarketFeed(deps));
  const account = host.add(new LazyAccountFeed(market.prices, accountFeed));
  const contracts = host.add(new LazyContractsFeed(market.prices));
  const api: WorkerApi = {
    // host
    init: (opts) => host.init(opts),
    onBatch: (listener) => host.onBatch(listener),
    subscribe: (keys) => host.subscribe(keys),
    unsubscribe: (keys) => host.unsubscribe(keys),
    setHidden: (hidden) => host.setHidden(hidden),
    setOnline: (online) => host.setOnline(online),
    // market feed
    status: () => market.status(),
    loadOlderCandles: (symbol, interval, bars) => market.loadOlderCandles(symbol, interval, bars),
    attachCell: (id, canvas, symbol, layout) => market.attachCell(id, canvas, symbol, layout),
    relayoutCell: (id, layout) => market.relayoutCell(id, layout),
    retargetCell: (id, symbol) => market.retargetCell(id, symbol),
    detachCell: (id) => market.detachCell(id),
    setCellTheme: (theme, fonts) => market.setCellTheme(theme, fonts),
    takePaintSamples: () => market.takePaintSamples(),
    // account feed
    setAccount: (session) => account.setAccount(session),
    setWatchlist: (accountKey, watchlist) => account.setWatchlist(accountKey, watchlist),
    // contracts feed
    setContractPositions: (accountKey, positions) => contracts.setContractPositions(accountKey, positions),
  };
  return { host, market, account, contracts, api };
}
