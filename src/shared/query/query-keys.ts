// Query keys: every private read starts with the account it belongs to, so the real and the demo account (and
// two users on one device) never share a cache entry; public reads start with 'public'. The names of the
// private resources live here because a mutation in one feature invalidates reads owned by another (an order
// placed on the trade screen changes the order centre's lists) and features may not import each other.
import type { AccountType } from '../../../workers/protocol/api.ts';

export type AccountScope = readonly [AccountType | 'guest', number | null];

export const RESOURCE = {
  profile: 'profile',
  kyc: 'kyc',
  orders: 'orders',
  orderStats: 'order-stats',
  holding: 'holding',
  income: 'income',
  txRecords: 'tx-records',
  watchlist: 'watchlist',
  preview: 'order-preview',
  bindings: 'bindings',
  withdrawAddresses: 'withdraw-addresses',
  deposits: 'deposits',
  withdrawConfig: 'withdraw-config',
  withdrawals: 'withdrawals',
  // the crypto accounts (issue 16): coin/assets and the crypto funds detail
  coinAssets: 'coin-assets',
  coinRecords: 'coin-records',
  spot: 'spot',
  // ---- perpetual contracts (h-perpui): positions, leverage, TP/SL triggers
  perp: 'perp',
  notices: 'notices',
  // ---- ipo (issue 17): the caller's IPO applications
  ipoApplications: 'ipo-applications',
  // ---- placements (issue 17 §4)
  placementApplications: 'placement-applications',
  // ---- ipo auto-apply (issue 17 §3): user/autoapply
  ipoAuto: 'ipo-auto',
  // ---- vip (issue 18): user/vip/get and stock/vip/advice
  vip: 'vip',
  vipAdvice: 'vip-advice',
  // ---- loans and the credit score (issue 18)
  loans: 'loans',
  creditScore: 'credit-score',
  // ---- robot (issue 18): robot products (their measured track is per account type) and robot orders
  robotProducts: 'robot-products',
  robotOrders: 'robot-orders',
  // ---- funds (issue 18, item 4): the funds (NAV, my units: per account) and my fund requests
  fundProducts: 'fund-products',
  fundOrders: 'fund-orders',
  // ---- votes (h-vote): the account's resolutions (index/vote/info)
  votes: 'votes',
  // ---- options (issue 17 §6): the caller's options and their statistics
  options: 'options',
  // ---- block trades (issue 17 §5): the blocks on offer (who may buy is per user) and my block orders
  bulkBlocks: 'bulk-blocks',
  bulkOrders: 'bulk-orders',
  // ---- coin ICO (issue 17 §7): token sales (committed totals are per pool: real or demo) and my commitments
  icoSales: 'ico-sales',
  icoCommitments: 'ico-commitments',
} as const;
export type Resource = (typeof RESOURCE)[keyof typeof RESOURCE];

/** The key prefix of one account's resource: invalidating it covers every filter and page under it. */
export function accountKey(scope: AccountScope, resource: Resource): readonly [...AccountScope, Resource] {
  return [...scope, resource];
}

export const PUBLIC = 'public';
