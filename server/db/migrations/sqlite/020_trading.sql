-- Stock trading (issue 4): orders, fills, average-cost positions, T+1 share locks and the transaction password
-- lock-out. Money is INTEGER paisa and quantities INTEGER shares. Cash and share balances themselves live only
-- in the ledger (ledger accounts 'cash', 'frozen', 'shares', 'shares_locked', 'shares_frozen' of an account);
-- these tables hold what the ledger cannot: order state, fill prices, cost basis and unlock times.

CREATE TABLE stock_orders (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_order_id TEXT NOT NULL,
  symbol TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  type TEXT NOT NULL CHECK (type IN ('market', 'limit')),
  price INTEGER NOT NULL CHECK (price >= 0),          -- limit price in paisa; 0 for market orders
  qty INTEGER NOT NULL CHECK (qty > 0),
  filled_qty INTEGER NOT NULL DEFAULT 0 CHECK (filled_qty >= 0 AND filled_qty <= qty),
  filled_amount INTEGER NOT NULL DEFAULT 0,           -- Σ fill qty × price, paisa
  fee_commission INTEGER NOT NULL DEFAULT 0,
  fee_sst INTEGER NOT NULL DEFAULT 0,
  fee_cvt INTEGER NOT NULL DEFAULT 0,
  fee_cdc INTEGER NOT NULL DEFAULT 0,
  fee_exchange INTEGER NOT NULL DEFAULT 0,
  frozen INTEGER NOT NULL DEFAULT 0 CHECK (frozen >= 0), -- still reserved: paisa (buy) or shares (sell)
  status TEXT NOT NULL CHECK (status IN ('pending', 'partial', 'filled', 'cancelled', 'rejected')),
  reason TEXT,                                        -- message key when cancelled by the system or rejected
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (account_id, client_order_id)
) STRICT;
CREATE INDEX stock_orders_account ON stock_orders (account_id, id);
CREATE INDEX stock_orders_open ON stock_orders (symbol) WHERE status IN ('pending', 'partial');

CREATE TABLE stock_fills (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES stock_orders (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  symbol TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  qty INTEGER NOT NULL CHECK (qty > 0),
  price INTEGER NOT NULL CHECK (price > 0),
  amount INTEGER NOT NULL,
  fee INTEGER NOT NULL CHECK (fee >= 0),
  realized_pnl INTEGER NOT NULL DEFAULT 0,            -- sells: proceeds − fees − average cost of the shares
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX stock_fills_account ON stock_fills (account_id, created_at);
CREATE INDEX stock_fills_order ON stock_fills (order_id);

-- Average cost per account and symbol (fees included). Quantities are the ledger's; cost is kept here.
CREATE TABLE stock_positions (
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  symbol TEXT NOT NULL,
  qty INTEGER NOT NULL CHECK (qty >= 0),
  cost INTEGER NOT NULL CHECK (cost >= 0),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, symbol)
) STRICT, WITHOUT ROWID;

-- Shares bought on a PSX trading day stay in 'shares_locked' until the next trading day (T+1).
CREATE TABLE share_locks (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  symbol TEXT NOT NULL,
  qty INTEGER NOT NULL CHECK (qty > 0),
  fill_id INTEGER NOT NULL REFERENCES stock_fills (id),
  unlock_at INTEGER NOT NULL,
  released_at INTEGER
) STRICT;
CREATE INDEX share_locks_pending ON share_locks (account_id, unlock_at) WHERE released_at IS NULL;

-- Which order / fill / symbol a trading journal belongs to (funds detail rows name them).
CREATE TABLE trade_journals (
  journal_id INTEGER PRIMARY KEY REFERENCES ledger_journals (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  order_id INTEGER REFERENCES stock_orders (id),
  symbol TEXT
) STRICT;

-- Wrong transaction passwords: 5 in a row lock trading for 15 minutes.
CREATE TABLE trade_password_guard (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  failures INTEGER NOT NULL DEFAULT 0,
  locked_until INTEGER NOT NULL DEFAULT 0
) STRICT;
