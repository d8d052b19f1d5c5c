-- Block trades (issue 17 §5; contract/bulk.ts says what each field means). An operator offers a block of a
-- listed stock at a price fixed when the block is created (a discount against the last close, or a fixed
-- price); VIP members buy the whole block or lots within it during its window. Each buy is an ordinary filled
-- stock order and fill (so positions, fees and the funds detail stay the trading domain's), plus a row here
-- with its own share lock (share_locks, unlock_at = the block's lock period). `sold` never exceeds `shares`:
-- a buy claims its lots with one conditional UPDATE.
CREATE TABLE bulk_blocks (
  id INTEGER PRIMARY KEY,
  symbol TEXT NOT NULL,
  shares INTEGER NOT NULL CHECK (shares > 0),
  lot INTEGER NOT NULL CHECK (lot > 0 AND shares % lot = 0),
  price_mode TEXT NOT NULL CHECK (price_mode IN ('discount', 'fixed')),
  discount_bps INTEGER NOT NULL DEFAULT 0 CHECK (discount_bps >= 0 AND discount_bps < 10000),
  ref_close INTEGER NOT NULL CHECK (ref_close > 0),         -- paisa: the last close when created
  price INTEGER NOT NULL CHECK (price > 0),                 -- paisa per share: what buyers pay
  opens_at INTEGER NOT NULL,
  closes_at INTEGER NOT NULL CHECK (closes_at > opens_at),
  lock_days INTEGER NOT NULL CHECK (lock_days >= 1 AND lock_days <= 365),
  sold INTEGER NOT NULL DEFAULT 0 CHECK (sold >= 0 AND sold <= shares),
  phase TEXT NOT NULL DEFAULT 'open' CHECK (phase IN ('open', 'closed')),
  note TEXT NOT NULL DEFAULT '',
  created_by INTEGER,                                       -- operator id (NULL: a script)
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  closed_at INTEGER
) STRICT;
CREATE INDEX bulk_blocks_window ON bulk_blocks (phase, closes_at);

-- One row per buy; one per (account_id, client_id), so a retried submit is one buy.
CREATE TABLE bulk_orders (
  id INTEGER PRIMARY KEY,
  block_id INTEGER NOT NULL REFERENCES bulk_blocks (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  symbol TEXT NOT NULL,
  shares INTEGER NOT NULL CHECK (shares > 0),
  price INTEGER NOT NULL CHECK (price > 0),
  amount INTEGER NOT NULL CHECK (amount > 0),               -- price × shares
  fee INTEGER NOT NULL CHECK (fee >= 0),                    -- the trading fees of the buy
  order_id INTEGER NOT NULL REFERENCES stock_orders (id),
  fill_id INTEGER NOT NULL REFERENCES stock_fills (id),
  unlock_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX bulk_orders_client ON bulk_orders (account_id, client_id);
CREATE INDEX bulk_orders_account ON bulk_orders (account_id, id);
CREATE INDEX bulk_orders_block ON bulk_orders (block_id, id);
