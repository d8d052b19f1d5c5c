-- AI robots (issue 18, item 3; server/domain/robot/README.md). Each robot order trades in its own account:
-- an `accounts` row of type 'robot' owned by the user, whose parent_account_id is the real or demo account the
-- money came from, so its orders, positions, T+1 and fees are the trading engine's own and its P&L is exactly
-- its ledger. Real and demo stay one each per user (a partial unique index); a user may have many robots.
--
-- SQLite cannot change a CHECK or a UNIQUE in place, and migrations run inside a transaction with foreign
-- keys on (PRAGMA foreign_keys cannot change there), so the table is rebuilt under deferred foreign keys:
-- copy the rows aside, drop the table (its children's references count as violations), create it again
-- under the same name and put the same rows back (the violations are resolved), all before the commit checks.
PRAGMA defer_foreign_keys = ON;
CREATE TEMP TABLE accounts_copy AS SELECT id, user_id, type, created_at FROM accounts;
DROP TABLE accounts;
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  type TEXT NOT NULL CHECK (type IN ('real', 'demo', 'robot')),
  parent_account_id INTEGER REFERENCES accounts (id),
  created_at INTEGER NOT NULL,
  CHECK ((type = 'robot') = (parent_account_id IS NOT NULL))
) STRICT;
INSERT INTO accounts (id, user_id, type, created_at) SELECT id, user_id, type, created_at FROM temp.accounts_copy;
DROP TABLE temp.accounts_copy;
CREATE UNIQUE INDEX accounts_user_type ON accounts (user_id, type) WHERE type IN ('real', 'demo');
CREATE INDEX accounts_parent ON accounts (parent_account_id) WHERE parent_account_id IS NOT NULL;

-- The robots on offer (editable later from the console). levels_json: [{"level":1,"min":"5000.00",
-- "max":"50000.00"}, …] in PKR; params_json: the strategy's parameters (strategies/*.ts say which); fees in
-- basis points (100 = 1.00 %).
CREATE TABLE robot_products (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  strategy TEXT NOT NULL CHECK (strategy IN ('dca', 'grid', 'trend')),
  symbol TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_ur TEXT NOT NULL,
  params_json TEXT NOT NULL,
  levels_json TEXT NOT NULL,
  lock_days INTEGER NOT NULL CHECK (lock_days >= 0),
  single_limit INTEGER NOT NULL CHECK (single_limit > 0),   -- paisa
  min_add INTEGER NOT NULL CHECK (min_add > 0),             -- paisa
  entry_fee_bps INTEGER NOT NULL CHECK (entry_fee_bps BETWEEN 0 AND 1000),
  perf_fee_bps INTEGER NOT NULL CHECK (perf_fee_bps BETWEEN 0 AND 5000),
  exit_fee_bps INTEGER NOT NULL CHECK (exit_fee_bps BETWEEN 0 AND 1000),
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

INSERT INTO robot_products (code, strategy, symbol, name_en, name_ur, params_json, levels_json, lock_days,
  single_limit, min_add, entry_fee_bps, perf_fee_bps, exit_fee_bps, created_at, updated_at) VALUES
('dca-ogdc', 'dca', 'OGDC', 'OGDC cost averaging', 'او جی ڈی سی اوسط لاگت',
 '{"slices":10,"intervalMin":60,"dipPct":2,"takeProfitPct":5}',
 '[{"level":1,"min":"10000.00","max":"100000.00"},{"level":2,"min":"100000.01","max":"500000.00"}]',
 7, 50000000, 100000, 50, 1000, 100, 0, 0),
('grid-hbl', 'grid', 'HBL', 'HBL grid', 'ایچ بی ایل گرڈ',
 '{"levels":8,"stepPct":0.5}',
 '[{"level":1,"min":"20000.00","max":"200000.00"},{"level":2,"min":"200000.01","max":"1000000.00"}]',
 14, 100000000, 500000, 50, 1000, 100, 0, 0),
('trend-ppl', 'trend', 'PPL', 'PPL trend follower (20/50)', 'پی پی ایل رجحان (20/50)',
 '{"fast":20,"slow":50}',
 '[{"level":1,"min":"10000.00","max":"200000.00"},{"level":2,"min":"200000.01","max":"1000000.00"}]',
 7, 100000000, 100000, 50, 1000, 100, 0, 0);

-- A robot order: the user's allocation to a product, trading in robot_account_id. Money in paisa:
-- invested = every amount put in (buy and adds, entry fees included), entry_fee = their entry fees,
-- capital = invested − entry_fee (what the robot got); perf_fee / exit_fee / returned are set at the end.
-- start_price: the symbol's price at the start (the buy-and-hold benchmark). state_json: the strategy's memory.
CREATE TABLE robot_orders (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES robot_products (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  robot_account_id INTEGER NOT NULL UNIQUE REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  level INTEGER NOT NULL CHECK (level >= 1),
  state TEXT NOT NULL CHECK (state IN ('running', 'ending', 'ended')),
  end_reason TEXT CHECK (end_reason IN ('lock_in_over', 'user_exit')),
  invested INTEGER NOT NULL CHECK (invested > 0),
  entry_fee INTEGER NOT NULL CHECK (entry_fee >= 0),
  capital INTEGER NOT NULL CHECK (capital > 0),
  perf_fee INTEGER NOT NULL DEFAULT 0 CHECK (perf_fee >= 0),
  exit_fee INTEGER NOT NULL DEFAULT 0 CHECK (exit_fee >= 0),
  returned INTEGER NOT NULL DEFAULT 0 CHECK (returned >= 0),
  start_price INTEGER NOT NULL CHECK (start_price > 0),
  end_price INTEGER,
  lock_until INTEGER NOT NULL,
  state_json TEXT NOT NULL DEFAULT '{}',
  started_at INTEGER NOT NULL,
  ending_at INTEGER,
  ended_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (account_id, client_id)
) STRICT;
CREATE INDEX robot_orders_account ON robot_orders (account_id, id);
CREATE INDEX robot_orders_live ON robot_orders (state) WHERE state <> 'ended';

-- Every amount put into a robot order (the first and each add): one row per (order, client id) so a retried
-- add has one effect; price = the symbol's price then (the benchmark buys at it).
CREATE TABLE robot_fundings (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES robot_orders (id),
  client_id TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  fee INTEGER NOT NULL CHECK (fee >= 0),
  price INTEGER NOT NULL CHECK (price > 0),
  created_at INTEGER NOT NULL,
  UNIQUE (order_id, client_id)
) STRICT;

-- The equity curve: start, every 15 minutes while running, each PSX close, after an add, end.
CREATE TABLE robot_equity (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES robot_orders (id),
  t INTEGER NOT NULL,
  equity INTEGER NOT NULL,
  bench INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('start', 'interval', 'close', 'add', 'end'))
) STRICT;
CREATE INDEX robot_equity_order ON robot_equity (order_id, t);
