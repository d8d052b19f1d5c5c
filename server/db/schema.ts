// The tables as Kysely sees them, one interface per table (the migrations in migrations/<dialect>/ are the
// truth; these types must agree with them). Integer rule, the same on both databases: money and quantity
// columns (named in MONEY_COLUMNS) come back as `bigint`; every other integer (ids, times, counters, flags)
// as a JS `number` (integer-results.ts converts, and throws past 2^53). A computed money column must be
// given one of these names with AS, or it comes back as a number.
import type { ColumnType, Generated } from 'kysely';
import type { InvestorTypesTable, PlacementApplicationsTable, PlacementsTable } from './schema-placement.ts';

/** Result columns that stay bigint: money in minor units and share quantities. */
export const MONEY_COLUMNS: ReadonlySet<string> = new Set([
  'amount',
  'price',
  'qty',
  'filled_qty',
  'filled_amount',
  'fee_commission',
  'fee_sst',
  'fee_cvt',
  'fee_cdc',
  'fee_exchange',
  'frozen',
  'fee',
  'realized_pnl',
  'cost',
  'total',
  'cash',
  'network_fee',
  // exchange (migration 090): what a quote pays out, its rate and the index it came from
  'receive_amount',
  'rate_units',
  'index_units',
  // spot orders (issue 16)
  'quote_qty',
  'filled_raw',
  'filled_quote',
  // perpetual contracts (092): micro-USDT and price units
  'entry_value',
  'margin',
  'liq_price',
  'tp_price',
  'sl_price',
  'to_fund',
  // IPO offerings' price band (migration 110)
  'price_floor',
  'price_cap',
  // ---- robots (migration 140): paisa
  'invested',
  'entry_fee',
  'capital',
  'perf_fee',
  'exit_fee',
  'returned',
  'start_price',
  'end_price',
  'single_limit',
  'min_add',
  'equity',
  'bench',
  // ---- options (migration 230): paisa
  'strike',
  'premium',
  'expiry_price',
  'payoff',
  // ---- end options
  // ---- loans (migration 120)
  'principal',
  'interest',
  'repay_interest',
  'repay_total',
  'open_debt',
  // ---- funds (migration 160): paisa, and units with 4 decimals
  'launch_nav',
  'min_subscribe',
  'units',
  'nav',
  'assets',
  'mgmt_fee', // migration 290
  // ---- ipo auto-apply (migration 200): the cap of one automatic application, paisa
  'max_amount',
  // ---- block trades (migration 220): paisa
  'ref_close',
  // ---- coin ICO (migration 240): micro-USDT and token smallest units
  'ico_tokens',
  'ico_min',
  'ico_cap',
  'sold_tokens',
  'committed_usdt',
  'won_tokens',
  'spent_usdt',
  'refunded_usdt',
]);

type Money = bigint;
type IdColumn = Generated<number>;

export interface UsersTable {
  id: IdColumn;
  area_code: string;
  phone: string;
  account: string;
  password_hash: string;
  status: Generated<number>;
  id_status: Generated<'none' | 'pending' | 'succ' | 'fail'>;
  invite_code: string;
  invited_by: number | null;
  open_auto_apply: Generated<number>;
  trade_password_hash: string | null;
  withdraw_password_hash: string | null;
  created_at: number;
  /** Set by user/update/email (migration 051); stored unverified (there is no mail service). */
  email: Generated<string | null>;
}

export interface AccountsTable {
  id: IdColumn;
  user_id: number;
  /** 'robot' (migration 140): a robot order's own trading account, a child of parent_account_id */
  type: 'real' | 'demo' | 'robot';
  parent_account_id: Generated<number | null>;
  created_at: number;
}

export interface SessionsTable {
  id: IdColumn;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface TokensTable {
  token_hash: string;
  session_id: number;
  account_id: number;
  account_type: 'real' | 'demo';
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: number;
  created_at: number;
}

export interface SmsCodesTable {
  id: IdColumn;
  phone: string;
  type: 'register' | 'reset' | 'login' | 'withdraw';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

export interface SmsOutboxTable {
  id: IdColumn;
  phone: string;
  text: string;
  created_at: number;
}

export interface LedgerAccountsTable {
  id: IdColumn;
  owner: 'user' | 'system';
  account_id: number | null;
  name: string;
}

export interface LedgerJournalsTable {
  id: IdColumn;
  kind: string;
  ref: string;
  memo: Generated<string>;
  created_at: number;
}

export interface LedgerPostingsTable {
  id: IdColumn;
  journal_id: number;
  ledger_account_id: number;
  asset: string;
  amount: Money;
}

export interface LedgerBalancesTable {
  ledger_account_id: number;
  asset: string;
  amount: Money;
}

export interface MarketBar1mTable {
  symbol: string;
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

export interface MarketBar1dTable extends MarketBar1mTable {
  /** turnover in paisa, as decimal text (it outgrows an integer column) */
  q: string;
}

export interface MarketMetaTable {
  key: string;
  value: string;
}

export interface MarketCollectTable {
  user_id: number;
  kind: 'stock' | 'coin';
  symbol: string;
  created_at: number;
}

export interface StockOrdersTable {
  id: IdColumn;
  account_id: number;
  client_order_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  price: Money;
  qty: Money;
  filled_qty: Generated<Money>;
  filled_amount: Generated<Money>;
  fee_commission: Generated<Money>;
  fee_sst: Generated<Money>;
  fee_cvt: Generated<Money>;
  fee_cdc: Generated<Money>;
  fee_exchange: Generated<Money>;
  frozen: Generated<Money>;
  status: 'pending' | 'partial' | 'filled' | 'cancelled' | 'rejected';
  reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface StockFillsTable {
  id: IdColumn;
  order_id: number;
  account_id: number;
  symbol: string;
  side: 'buy' | 'sell';
  qty: Money;
  price: Money;
  amount: Money;
  fee: Money;
  realized_pnl: Generated<Money>;
  created_at: number;
}

// ---- spot (issue 16): migrations 091
export interface SpotOrdersTable {
  id: IdColumn;
  account_id: number;
  client_order_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  tif: 'GTC' | 'IOC' | 'POST_ONLY';
  price: Money;
  qty: Money;
  quote_qty: Generated<Money>;
  filled_qty: Generated<Money>;
  filled_raw: Generated<Money>;
  filled_quote: Generated<Money>;
  fee: Generated<Money>;
  frozen: Generated<Money>;
  status: 'pending' | 'partial' | 'filled' | 'cancelled' | 'rejected';
  reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface SpotFillsTable {
  id: IdColumn;
  order_id: number;
  account_id: number;
  symbol: string;
  side: 'buy' | 'sell';
  qty: Money;
  price: Money;
  amount: Money;
  fee: Money;
  maker: number;
  created_at: number;
}
// ---- end spot

export interface StockPositionsTable {
  account_id: number;
  symbol: string;
  qty: Money;
  cost: Money;
  updated_at: number;
}

export interface ShareLocksTable {
  id: IdColumn;
  account_id: number;
  symbol: string;
  qty: Money;
  /** the fill that bought the shares; null for a lock from a placement's allocation (migration 210) */
  fill_id: number | null;
  unlock_at: number;
  released_at: number | null;
}

export interface TradeJournalsTable {
  journal_id: number;
  account_id: number;
  order_id: number | null;
  symbol: string | null;
}

export interface KycReviewsTable {
  id: IdColumn;
  user_id: number;
  previous: 'none' | 'pending' | 'succ' | 'fail';
  status: 'none' | 'pending' | 'succ' | 'fail';
  reason: Generated<string>;
  source: string;
  created_at: number;
}

export interface AttemptGuardsTable {
  scope: string;
  subject: string;
  failures: number;
  pending: number;
  since: number;
  last_failure_at: number;
}

export interface KycSubmissionsTable {
  id: IdColumn;
  user_id: number;
  cert_type: 'cnic' | 'licence' | 'passport';
  cert_number: string;
  full_name: string;
  /** YYYY-MM-DD */
  birth_date: string;
  front_image: string;
  back_image: string;
  agreed_at: number;
  status: 'pending' | 'succ' | 'fail';
  reason: Generated<string>;
  reviewed_by: number | null;
  reviewed_at: number | null;
  created_at: number;
}

export interface PayoutBindingsTable {
  id: IdColumn;
  user_id: number;
  kind: 'bank' | 'wallet';
  /** bank code from the IBAN (e.g. HABB), or 'jazzcash' / 'easypaisa' */
  provider: string;
  /** IBAN without spaces, or the wallet's 03XXXXXXXXX */
  number: string;
  title: string;
  created_at: number;
  deleted_at: number | null;
  /** the client-generated id of the bank/add that made it (052) */
  client_id: ColumnType<string | null, string | null | undefined, never>;
}

export interface CryptoAddressesTable {
  id: IdColumn;
  user_id: number;
  purpose: 'deposit' | 'withdraw';
  chain: 'TRC20' | 'ERC20' | 'BEP20';
  address: string;
  label: Generated<string>;
  created_at: number;
  deleted_at: number | null;
  /** the client-generated id of the coin/withdraw/address/generate that made it (052); NULL for deposit ones */
  client_id: ColumnType<string | null, string | null | undefined, never>;
}

export interface PlatformSettingsTable {
  key: string;
  /** JSON of the key's type (server/domain/settings/registry.ts) */
  value: string;
  updated_at: number;
  updated_by: number | null;
}

export interface OperatorAuditTable {
  id: IdColumn;
  /** NULL: the back-office command */
  operator_id: number | null;
  source: 'console' | 'cli';
  action: string;
  subject_type: string;
  subject_id: string;
  before_json: string;
  after_json: string;
  created_at: number;
}

// --- deposits (migration 060) ---
export interface ReceivingAccountsTable {
  id: IdColumn;
  channel: 'bank' | 'wallet';
  /** bank code of the IBAN (e.g. MEZN) or 'jazzcash' / 'easypaisa' */
  provider: string;
  provider_name: string;
  title: string;
  /** compact IBAN, or the wallet's 03XXXXXXXXX */
  number: string;
  active: Generated<number>;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
}

export type DepositChannelColumn = 'bank' | 'wallet' | 'offline' | 'crypto';
export type DepositStatusColumn = 'pending' | 'credited' | 'rejected';

export interface DepositsTable {
  id: IdColumn;
  user_id: number;
  account_id: number;
  client_id: string;
  channel: DepositChannelColumn;
  asset: 'PKR' | 'USDT';
  /** minor units of `asset`: PKR 2 places, USDT 6 */
  amount: Money;
  reference: string;
  receiving_account_id: number | null;
  payer: Generated<string>;
  chain: 'TRC20' | 'ERC20' | 'BEP20' | null;
  address: string | null;
  tx_hash: string | null;
  confirmations: Generated<number>;
  status: DepositStatusColumn;
  bank_reference: Generated<string>;
  reason: Generated<string>;
  reviewed_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface ChannelPasswordsTable {
  /** 'default' or 'user:<id>' */
  scope: string;
  password_hash: string;
  updated_at: number;
  updated_by: number | null;
}

export interface SimChainHeadsTable {
  chain: 'TRC20' | 'ERC20' | 'BEP20';
  height: number;
}

export interface SimChainTransfersTable {
  id: IdColumn;
  chain: 'TRC20' | 'ERC20' | 'BEP20';
  tx_hash: string;
  address: string;
  /** USDT, 6 places */
  amount: Money;
  block: number;
  credited: Generated<number>;
  created_at: number;
}

/** A withdrawal request (migration 070): the destination is a copy, amounts in the asset's minor units. */
export interface WithdrawalsTable {
  id: IdColumn;
  user_id: number;
  account_id: number;
  client_id: string;
  channel: 'bank' | 'wallet' | 'crypto';
  asset: 'PKR' | 'USDT';
  /** what the destination receives */
  amount: Money;
  /** platform fee, on top of amount */
  fee: Money;
  /** crypto: the chain's fee, on top of amount */
  network_fee: Money;
  provider: Generated<string>;
  number: Generated<string>;
  title: Generated<string>;
  chain: Generated<string>;
  address: Generated<string>;
  status: 'pending' | 'paid' | 'rejected';
  reference: Generated<string>;
  reason: Generated<string>;
  reviewed_by: number | null;
  created_at: number;
  updated_at: number;
}

// ---- loans (migration 120; server/domain/loans)
export type LoanStatus = 'review' | 'active' | 'repaying' | 'repaid' | 'rejected';
export interface LoansTable {
  id: IdColumn;
  user_id: number;
  account_id: number;
  client_id: string;
  principal: Money;
  days: number;
  daily_rate_ppm: number;
  interest: Money;
  fee: Money;
  total: Money;
  apr_bp: number;
  status: Generated<LoanStatus>;
  reason: Generated<string>;
  disbursed_at: number | null;
  due_at: number | null;
  repay_interest: Money | null;
  repay_total: Money | null;
  repay_requested_at: number | null;
  repaid_at: number | null;
  late_days: Generated<number>;
  reviewed_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface CreditScoreLogTable {
  id: IdColumn;
  user_id: number;
  score: number;
  previous: number | null;
  /** JSON [{key, delta}] */
  moved: string;
  /** JSON [{key, points}] */
  parts: string;
  created_at: number;
}
// ---- end loans

/** A PKR↔USDT quote of user/exchange (migration 090), accepted at most once. */
export interface ExchangeQuotesTable {
  id: IdColumn;
  user_id: number;
  account_id: number;
  direction: 'PKR_USDT' | 'USDT_PKR';
  /** from-asset minor units */
  amount: Money;
  /** PKR per USDT, 4 decimals, spread included */
  rate_units: Money;
  /** the USDT/PKR index the rate came from, 4 decimals */
  index_units: Money;
  spread_bps: number;
  /** from-asset minor units (0: the spread is the cost) */
  fee: Money;
  /** to-asset minor units */
  receive_amount: Money;
  created_at: number;
  expires_at: number;
  client_id: string | null;
  accepted_at: number | null;
}

/** USDT moved between the spot and contract accounts (migration 090), one per (account, client_id). */
export interface CoinTransfersTable {
  id: IdColumn;
  user_id: number;
  account_id: number;
  client_id: string;
  from_account: 'spot' | 'contract';
  to_account: 'spot' | 'contract';
  asset: 'USDT';
  amount: Money;
  created_at: number;
}

export interface PerpLeverageTable {
  account_id: number;
  symbol: string;
  leverage: number;
  updated_at: number;
}

export interface PerpPositionsTable {
  id: IdColumn;
  account_id: number;
  symbol: string;
  side: 'long' | 'short';
  /** quantity units of the pair */
  qty: Money;
  /** Σ qty·price of the fills (price units × quantity units) */
  entry_value: Money;
  /** isolated margin, micro-USDT */
  margin: Money;
  leverage: number;
  liq_price: Money | null;
  tp_price: Money | null;
  tp_source: Generated<'mark' | 'last'>;
  sl_price: Money | null;
  sl_source: Generated<'mark' | 'last'>;
  status: 'open' | 'closed' | 'liquidated';
  opened_at: number;
  updated_at: number;
}

export type PerpAction = 'open' | 'close' | 'tp' | 'sl' | 'liquidation' | 'adl';

export interface PerpOrdersTable {
  id: IdColumn;
  account_id: number;
  client_id: string;
  position_id: number;
  symbol: string;
  side: 'buy' | 'sell';
  action: PerpAction;
  qty: Money;
  price: Money;
  fee: Money;
  margin: Money;
  realized_pnl: Money;
  leverage: number;
  created_at: number;
}

export type PerpLimitStatus = 'open' | 'filled' | 'cancelled';

/** Resting limit opens (migration 300). */
export interface PerpLimitOrdersTable {
  id: IdColumn;
  account_id: number;
  client_id: string;
  symbol: string;
  side: 'long' | 'short';
  qty: Money;
  price: Money;
  leverage: number;
  frozen: Money;
  status: PerpLimitStatus;
  reason: string | null;
  execution_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface PerpFundingTable {
  symbol: string;
  interval_at: number;
  /** at 10^-8 */
  rate: number;
  price: Money;
  to_fund: Money;
  created_at: number;
}

/** An IPO offering (migration 110): prices in paisa, share counts as numbers; `phase` is what operators did. */
export interface IpoOfferingsTable {
  id: IdColumn;
  symbol: string;
  company: string;
  sector: Generated<string>;
  shariah: Generated<number>;
  price: Money;
  price_floor: Money | null;
  price_cap: Money | null;
  total_shares: number;
  retail_shares: number;
  lot: number;
  min_shares: number;
  max_shares: number;
  opens_at: number;
  closes_at: number;
  allot_at: number;
  pay_by: number;
  list_at: number;
  prospectus: Generated<string>;
  phase: Generated<'open' | 'allotted' | 'listed'>;
  seed: Generated<string>;
  applied_shares: Generated<number>;
  allotted_shares: Generated<number>;
  allotted_at: number | null;
  listed_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A user's IPO application (migration 110): `amount` = price × shares, what was frozen. */
export interface IpoApplicationsTable {
  id: IdColumn;
  offering_id: number;
  user_id: number;
  account_id: number;
  client_id: string;
  shares: number;
  price: Money;
  amount: Money;
  state: 'applied' | 'allotted' | 'not_allotted' | 'paid' | 'cancelled';
  won_shares: Generated<number>;
  auto_paid: Generated<number>;
  listed: Generated<number>;
  created_at: number;
  updated_at: number;
}

// ---- ipo auto-apply (migration 200; server/domain/ipo/auto-apply.ts)
/** An account's automatic-subscription switch (real and demo each their own row); max_amount paisa or NULL. */
export interface IpoAutoApplyTable {
  account_id: number;
  user_id: number;
  enabled: number;
  max_amount: Money | null;
  updated_at: number;
}

export type AutoRunOutcome = 'applied' | 'no_balance' | 'no_kyc' | 'over_cap' | 'already_applied';
/** What the opening pass did for one account and one offering (one row each: the pass's idempotency). */
export interface IpoAutoRunsTable {
  offering_id: number;
  account_id: number;
  outcome: AutoRunOutcome;
  application_id: number | null;
  amount: Money;
  shares: number;
  created_at: number;
}
// ---- end ipo auto-apply
// ---- block trades (issue 17 §5, migration 220)
export interface BulkBlocksTable {
  id: IdColumn;
  symbol: string;
  shares: number;
  lot: number;
  price_mode: 'discount' | 'fixed';
  discount_bps: Generated<number>;
  ref_close: Money;
  price: Money;
  opens_at: number;
  closes_at: number;
  lock_days: number;
  sold: Generated<number>;
  phase: Generated<'open' | 'closed'>;
  note: Generated<string>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
}

export interface BulkOrdersTable {
  id: IdColumn;
  block_id: number;
  user_id: number;
  account_id: number;
  client_id: string;
  symbol: string;
  shares: number;
  price: Money;
  amount: Money;
  fee: Money;
  order_id: number;
  fill_id: number;
  unlock_at: number;
  created_at: number;
}
// ---- end block trades
// ---- coin ICO (issue 17 §7, migration 240)
/** A token sale: price in micro-USDT per whole token, token amounts in the token's smallest unit. */
export interface IcoSalesTable {
  id: IdColumn;
  token: string;
  name_en: string;
  name_ur: string;
  token_decimals: number;
  price: Money;
  ico_tokens: Money;
  ico_min: Money;
  ico_cap: Money;
  opens_at: number;
  closes_at: number;
  distribute_at: number;
  list_at: number;
  summary: Generated<string>;
  phase: Generated<'open' | 'distributed' | 'listed'>;
  sold_tokens: Generated<Money>;
  committed_usdt: Generated<Money>;
  distributed_at: number | null;
  listed_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A user's commitment to a token sale (micro-USDT frozen = amount). */
export interface IcoCommitmentsTable {
  id: IdColumn;
  sale_id: number;
  user_id: number;
  account_id: number;
  client_id: string;
  amount: Money;
  state: 'committed' | 'distributed';
  won_tokens: Generated<Money>;
  spent_usdt: Generated<Money>;
  refunded_usdt: Generated<Money>;
  created_at: number;
  updated_at: number;
}

// ---- vip (issue 18, migration 130)
/** A user's VIP membership (one row per user; the state is derived from expires_at and the clock). */
export interface VipMembershipsTable {
  user_id: number;
  kind: 'trial' | 'paid' | null;
  started_at: number | null;
  expires_at: number | null;
  trial_used: Generated<number>;
  strategy_service: Generated<number>;
  updated_at: number;
}

/** A trial start or a purchase (`price` in PKR paisa; a paid one is the ledger journal vip_buy, ref vip:<id>). */
export interface VipPurchasesTable {
  id: IdColumn;
  user_id: number;
  account_id: number;
  client_id: string;
  plan: string;
  days: number;
  price: Money;
  starts_at: number;
  expires_at: number;
  created_at: number;
}
// ---- end vip

export interface OperatorsTable {
  id: IdColumn;
  username: string;
  password_hash: string;
  /** base32 */
  totp_secret: string;
  /** comma-separated set of kyc, finance, support, admin */
  roles: string;
  active: Generated<number>;
  last_totp_step: Generated<number>;
  created_at: number;
}

export interface OperatorSessionsTable {
  id: IdColumn;
  token_hash: string;
  operator_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

// --- news, notices, banners, personal messages (migration 100) ---
export interface NewsArticlesTable {
  id: IdColumn;
  kind: 'operator' | 'auto';
  auto_key: string | null;
  title_ur: string;
  title_en: string;
  body_ur: string;
  body_en: string;
  image_key: string | null;
  /** NULL: draft or unpublished */
  published_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface PlatformNoticesTable {
  id: IdColumn;
  title_ur: string;
  title_en: string;
  body_ur: string;
  body_en: string;
  system_popup: Generated<number>;
  published_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface HomeBannersTable {
  id: IdColumn;
  image_key: string;
  alt_ur: string;
  alt_en: string;
  /** an app route path (ROUTE_PATHS) with an optional query string */
  target: string;
  sort: Generated<number>;
  active: Generated<number>;
  starts_at: number | null;
  ends_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface UserMessagesTable {
  id: IdColumn;
  user_id: number;
  kind: string;
  event_key: string;
  /** a key of locales/<lang>/notice.json (namespace included) */
  text_key: string;
  params_json: Generated<string>;
  link: Generated<string>;
  read_at: number | null;
  created_at: number;
  /** 0 until the leader's message push handled it (migration 190) */
  pushed: Generated<number>;
}
// ---- price alerts and Web Push (issue 19 item 6, migration 150)
export interface PriceAlertsTable {
  id: IdColumn;
  user_id: number;
  symbol: string;
  kind: 'above' | 'below' | 'change';
  /** the decimal text the user set: a price, or a percent for 'change' */
  value: string;
  repeating: Generated<number>;
  active: Generated<number>;
  fired_count: Generated<number>;
  last_fired_at: number | null;
  created_at: number;
}
export interface PushSubscriptionsTable {
  id: IdColumn;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
  created_at: number;
}
/** kinds of personal message a user does not want as push (migration 190) */
export interface PushPrefsTable {
  user_id: number;
  off: Generated<string>;
  updated_at: number;
}
// ---- service chat (issue 19 item 5, migration 101)
export interface ChatConversationsTable {
  id: IdColumn;
  user_id: number | null;
  guest_phone: string | null;
  last_seq: ColumnType<number, number | undefined, number>;
  last_at: number;
  user_read_seq: ColumnType<number, number | undefined, number>;
  operator_read_seq: ColumnType<number, number | undefined, number>;
  assigned_operator_id: number | null;
  created_at: number;
}

export interface ChatMessagesTable {
  id: IdColumn;
  conversation_id: number;
  seq: number;
  side: 'user' | 'operator';
  operator_id: number | null;
  kind: 'text' | 'image';
  body: string;
  image_key: string | null;
  client_id: string;
  created_at: number;
}

export interface ChatGuestSessionsTable {
  id: IdColumn;
  token_hash: string;
  conversation_id: number;
  from_seq: number;
  created_at: number;
  expires_at: number;
}
// ---- end service chat

// ---- robots (migration 140; server/domain/robot/README.md)
export interface RobotProductsTable {
  id: IdColumn;
  code: string;
  strategy: 'dca' | 'grid' | 'trend';
  symbol: string;
  name_en: string;
  name_ur: string;
  params_json: string;
  levels_json: string;
  lock_days: number;
  single_limit: Money;
  min_add: Money;
  entry_fee_bps: number;
  perf_fee_bps: number;
  exit_fee_bps: number;
  enabled: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface RobotOrdersTable {
  id: IdColumn;
  product_id: number;
  user_id: number;
  account_id: number;
  robot_account_id: number;
  client_id: string;
  level: number;
  state: 'running' | 'ending' | 'ended';
  end_reason: 'lock_in_over' | 'user_exit' | null;
  invested: Money;
  entry_fee: Money;
  capital: Money;
  perf_fee: Generated<Money>;
  exit_fee: Generated<Money>;
  returned: Generated<Money>;
  start_price: Money;
  end_price: Money | null;
  lock_until: number;
  state_json: Generated<string>;
  started_at: number;
  ending_at: number | null;
  ended_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface RobotFundingsTable {
  id: IdColumn;
  order_id: number;
  client_id: string;
  amount: Money;
  fee: Money;
  price: Money;
  created_at: number;
}

export interface RobotEquityTable {
  id: IdColumn;
  order_id: number;
  t: number;
  equity: Money;
  bench: Money;
  kind: 'start' | 'interval' | 'close' | 'add' | 'end';
}
// ---- end robots

// ---- funds (migration 160; server/domain/fund/README.md)
export interface FundProductsTable {
  id: IdColumn;
  code: string;
  name_en: string;
  name_ur: string;
  strategy: 'basket';
  basket_json: string;
  cash_bps: number;
  level: number;
  launch_nav: Money;
  lock_days: number;
  min_subscribe: Money;
  single_limit: Money;
  entry_fee_bps: number;
  /** management fee, bps of the assets a year (migration 290) */
  mgmt_fee_bps: Generated<number>;
  enabled: Generated<number>;
  created_at: number;
}

export interface FundPoolsTable {
  id: IdColumn;
  fund_id: number;
  kind: 'real' | 'demo';
  account_id: number;
  units: Generated<Money>;
  rebalanced_at: Generated<number>;
  created_at: number;
  /** the dealing point the management fee was last charged up to (migration 290) */
  fee_through: number | null;
}

export interface FundOrdersTable {
  id: IdColumn;
  pool_id: number;
  fund_id: number;
  user_id: number;
  account_id: number;
  client_id: string;
  side: 'subscribe' | 'redeem';
  state: 'pending' | 'confirmed';
  amount: Money;
  fee: Generated<Money>;
  units: Money;
  nav: Money | null;
  deal_at: number;
  lock_until: number | null;
  created_at: number;
  confirmed_at: number | null;
}

// ---- options (migration 230)
export interface OptionOrdersTable {
  id: IdColumn;
  user_id: number;
  account_id: number;
  client_id: string;
  symbol: string;
  direction: 'call' | 'put';
  term_days: number;
  qty: Money;
  strike: Money;
  unit_price: string;
  premium: Money;
  sigma: string;
  rate: string;
  spread_bps: number;
  vol_days: number;
  state: 'open' | 'settled';
  expires_at: number;
  expiry_price: Money | null;
  payoff: Money | null;
  created_at: number;
  settled_at: number | null;
}
// ---- end options

export interface FundHoldingsTable {
  pool_id: number;
  account_id: number;
  units: Money;
}

export interface FundNavTable {
  id: IdColumn;
  pool_id: number;
  t: number;
  assets: Money;
  units: Money;
  nav: Money;
  /** the management fee charged at this point (migration 290) */
  mgmt_fee: Generated<Money>;
}
// ---- end funds

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: number;
}

// ---- market scenarios (issue 16 item 7, migration 260)
/** An operator's crash/spike request for the simulator (domain/market/market-scenarios.ts). */
export interface MarketScenariosTable {
  id: IdColumn;
  symbol: string;
  pct_bp: number;
  seconds: number;
  status: Generated<'pending' | 'started' | 'expired'>;
  created_by: number | null;
  created_at: number;
  started_at: number | null;
}

// ---- shared between nodes (migration 280)
/** An uploaded file (server/domain/files/stored-files.ts). */
export interface StoredFilesTable {
  area: 'kyc' | 'chat' | 'content';
  key: string;
  bytes: Buffer;
  created_at: number;
}

/** The fingerprint of a server key the nodes must share (server/domain/cluster/shared-secrets.ts). */
export interface ServerSecretPrintsTable {
  name: string;
  print: string;
  created_at: number;
}

// ---- votes (h-vote, migration 250)
/** A resolution put to a listed company's holders (options_json: [{ur, en}, ...]). */
export interface VoteResolutionsTable {
  id: IdColumn;
  symbol: string;
  meeting: 'agm' | 'eogm';
  title_ur: string;
  title_en: string;
  body_ur: string;
  body_en: string;
  options_json: string;
  record_at: number;
  deadline_at: number;
  opened_sent_at: number | null;
  results_sent_at: number | null;
  created_by: number | null;
  created_at: number;
}

/** One account's ballot on a resolution; `qty` is its weight, the shares held at the record date. */
export interface VoteBallotsTable {
  id: IdColumn;
  resolution_id: number;
  account_id: number;
  user_id: number;
  account_type: 'real' | 'demo';
  choice: number;
  qty: Money;
  changes: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface Schema {
  users: UsersTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_journals: LedgerJournalsTable;
  ledger_postings: LedgerPostingsTable;
  ledger_balances: LedgerBalancesTable;
  market_bar_1m: MarketBar1mTable;
  market_bar_1d: MarketBar1dTable;
  market_meta: MarketMetaTable;
  market_collect: MarketCollectTable;
  stock_orders: StockOrdersTable;
  stock_fills: StockFillsTable;
  stock_positions: StockPositionsTable;
  share_locks: ShareLocksTable;
  trade_journals: TradeJournalsTable;
  kyc_reviews: KycReviewsTable;
  attempt_guards: AttemptGuardsTable;
  kyc_submissions: KycSubmissionsTable;
  payout_bindings: PayoutBindingsTable;
  crypto_addresses: CryptoAddressesTable;
  platform_settings: PlatformSettingsTable;
  operator_audit: OperatorAuditTable;
  receiving_accounts: ReceivingAccountsTable;
  deposits: DepositsTable;
  channel_passwords: ChannelPasswordsTable;
  sim_chain_heads: SimChainHeadsTable;
  sim_chain_transfers: SimChainTransfersTable;
  withdrawals: WithdrawalsTable;
  exchange_quotes: ExchangeQuotesTable;
  coin_transfers: CoinTransfersTable;
  perp_leverage: PerpLeverageTable;
  perp_positions: PerpPositionsTable;
  perp_orders: PerpOrdersTable;
  perp_limit_orders: PerpLimitOrdersTable;
  perp_funding: PerpFundingTable;
  ipo_offerings: IpoOfferingsTable;
  ipo_applications: IpoApplicationsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  spot_orders: SpotOrdersTable;
  spot_fills: SpotFillsTable;
  news_articles: NewsArticlesTable;
  platform_notices: PlatformNoticesTable;
  home_banners: HomeBannersTable;
  user_messages: UserMessagesTable;
  // service chat
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_guest_sessions: ChatGuestSessionsTable;
  // ---- price alerts (h-alerts)
  price_alerts: PriceAlertsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_prefs: PushPrefsTable;
  // ---- robots (migration 140)
  robot_products: RobotProductsTable;
  robot_orders: RobotOrdersTable;
  robot_fundings: RobotFundingsTable;
  robot_equity: RobotEquityTable;
  // ---- funds (migration 160)
  fund_products: FundProductsTable;
  fund_pools: FundPoolsTable;
  fund_orders: FundOrdersTable;
  fund_holdings: FundHoldingsTable;
  fund_nav: FundNavTable;
  // ---- ipo auto-apply (migration 200)
  ipo_auto_apply: IpoAutoApplyTable;
  ipo_auto_runs: IpoAutoRunsTable;
  // ---- options (migration 230)
  option_orders: OptionOrdersTable;
  // ---- block trades (migration 220)
  bulk_blocks: BulkBlocksTable;
  bulk_orders: BulkOrdersTable;
  // ---- vip
  vip_memberships: VipMembershipsTable;
  vip_purchases: VipPurchasesTable;
  // ---- loans (migration 120)
  loans: LoansTable;
  credit_score_log: CreditScoreLogTable;
  // ---- votes (h-vote, migration 250)
  vote_resolutions: VoteResolutionsTable;
  vote_ballots: VoteBallotsTable;
  // ---- market scenarios (migration 260)
  market_scenarios: MarketScenariosTable;
  // ---- placements (migration 210)
  investor_types: InvestorTypesTable;
  placements: PlacementsTable;
  placement_applications: PlacementApplicationsTable;
  // ---- coin ICO (migration 240)
  ico_sales: IcoSalesTable;
  ico_commitments: IcoCommitmentsTable;
  // ---- shared between nodes (migration 280)
  stored_files: StoredFilesTable;
  server_secret_prints: ServerSecretPrintsTable;
  schema_migrations: SchemaMigrationsTable;
}
