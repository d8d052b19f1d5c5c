-- AI funds (issue 18, item 4; server/domain/fund/README.md). A fund is a pooled portfolio run by a documented
-- strategy, in units. Each fund has one pool per account kind (real money and demo money never mix): an
-- `accounts` row of type 'robot' (the trading engine's child-account type, migration 140) owned by the system
-- user `system:funds` (status 0: it cannot sign in), whose parent_account_id is that user's real or demo account.
-- The system user and the pools are created by the server on first use (fund/pools.ts), not here.
--
-- Units are bigint with 4 decimals (10 000 = 1 unit); NAV is paisa per unit; money is paisa.
CREATE TABLE fund_products (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name_en TEXT NOT NULL,
  name_ur TEXT NOT NULL,
  strategy TEXT NOT NULL CHECK (strategy IN ('basket')),
  -- [{"symbol":"OGDC","weightBps":3000}, …]: target weights of the invested part (sum 10 000)
  basket_json TEXT NOT NULL,
  cash_bps INTEGER NOT NULL CHECK (cash_bps BETWEEN 0 AND 10000),   -- cash kept aside, of the NAV
  level INTEGER NOT NULL CHECK (level BETWEEN 1 AND 5),              -- risk level
  launch_nav INTEGER NOT NULL CHECK (launch_nav > 0),                 -- paisa per unit while no units exist
  lock_days INTEGER NOT NULL CHECK (lock_days >= 0),
  min_subscribe INTEGER NOT NULL CHECK (min_subscribe > 0),           -- paisa
  single_limit INTEGER NOT NULL CHECK (single_limit > 0),             -- paisa: one account's subscriptions not yet redeemed
  entry_fee_bps INTEGER NOT NULL CHECK (entry_fee_bps BETWEEN 0 AND 1000),
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at INTEGER NOT NULL
) STRICT;

INSERT INTO fund_products (code, name_en, name_ur, strategy, basket_json, cash_bps, level, launch_nav, lock_days,
  min_subscribe, single_limit, entry_fee_bps, created_at) VALUES
('psx-energy', 'PSX energy basket', 'پی ایس ایکس توانائی باسکٹ', 'basket',
 '[{"symbol":"OGDC","weightBps":4000},{"symbol":"PPL","weightBps":4000},{"symbol":"HBL","weightBps":2000}]',
 1000, 3, 1000, 7, 100000, 100000000, 100, 0),
('psx-balanced', 'PSX balanced (half cash)', 'پی ایس ایکس متوازن (آدھا نقد)', 'basket',
 '[{"symbol":"HBL","weightBps":5000},{"symbol":"OGDC","weightBps":5000}]',
 5000, 2, 1000, 0, 100000, 100000000, 50, 0);

-- A pool: the fund's money of one account kind. units: outstanding units (4 decimals).
CREATE TABLE fund_pools (
  id INTEGER PRIMARY KEY,
  fund_id INTEGER NOT NULL REFERENCES fund_products (id),
  kind TEXT NOT NULL CHECK (kind IN ('real', 'demo')),
  account_id INTEGER NOT NULL UNIQUE REFERENCES accounts (id),
  units INTEGER NOT NULL DEFAULT 0 CHECK (units >= 0),
  rebalanced_at INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  UNIQUE (fund_id, kind)
) STRICT;

-- A subscription (amount paisa in, units out at the NAV of the close deal_at) or a redemption (units in,
-- amount paisa out at that NAV). pending → confirmed. lock_until: a confirmed subscription's units are
-- redeemable from then.
CREATE TABLE fund_orders (
  id INTEGER PRIMARY KEY,
  pool_id INTEGER NOT NULL REFERENCES fund_pools (id),
  fund_id INTEGER NOT NULL REFERENCES fund_products (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('subscribe', 'redeem')),
  state TEXT NOT NULL CHECK (state IN ('pending', 'confirmed')),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  fee INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),
  units INTEGER NOT NULL CHECK (units >= 0),
  nav INTEGER,
  deal_at INTEGER NOT NULL,
  lock_until INTEGER,
  created_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  UNIQUE (account_id, client_id)
) STRICT;
CREATE INDEX fund_orders_pending ON fund_orders (pool_id, deal_at) WHERE state = 'pending';
CREATE INDEX fund_orders_account ON fund_orders (account_id, id);

-- Units an account holds in a pool (confirmed subscriptions − confirmed redemptions).
CREATE TABLE fund_holdings (
  pool_id INTEGER NOT NULL REFERENCES fund_pools (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  units INTEGER NOT NULL CHECK (units >= 0),
  PRIMARY KEY (pool_id, account_id)
) STRICT;

-- The NAV at each PSX close, per pool: assets = cash + Σ shares × price (paisa), units before that close's
-- orders, nav (paisa per unit).
CREATE TABLE fund_nav (
  id INTEGER PRIMARY KEY,
  pool_id INTEGER NOT NULL REFERENCES fund_pools (id),
  t INTEGER NOT NULL,
  assets INTEGER NOT NULL,
  units INTEGER NOT NULL,
  nav INTEGER NOT NULL CHECK (nav > 0),
  UNIQUE (pool_id, t)
) STRICT;
