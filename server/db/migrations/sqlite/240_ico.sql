-- Coin ICO / token sales (issue 17 §7; server/domain/ico/README.md). An operator creates a sale of a new token
-- at a fixed price in USDT; during the window users commit USDT from the spot account (frozen with the row,
-- one commitment per account per sale, between the minimum and the per-user cap); after the window the
-- operator runs the distribution (pro rata with the largest-remainder rule, real and demo apart: allocation.ts):
-- the tokens are credited, the cost paid to the sale's issuer account and the rest refunded, in one transaction;
-- then the operator lists the token as a USDT pair of the simulated market. `phase` is what operators did; the
-- state a user sees (upcoming / subscribing / calculating) is derived from it and the clock.
CREATE TABLE ico_sales (
  id INTEGER PRIMARY KEY,
  token TEXT NOT NULL UNIQUE,                             -- the token's asset name, e.g. 'NOOR'; pair = token || 'USDT'
  name_en TEXT NOT NULL,
  name_ur TEXT NOT NULL,
  token_decimals INTEGER NOT NULL CHECK (token_decimals BETWEEN 0 AND 8),
  price INTEGER NOT NULL CHECK (price > 0),               -- micro-USDT per whole token
  ico_tokens INTEGER NOT NULL CHECK (ico_tokens > 0),     -- tokens offered, in the token's smallest unit
  ico_min INTEGER NOT NULL CHECK (ico_min > 0),           -- micro-USDT: the smallest commitment
  ico_cap INTEGER NOT NULL CHECK (ico_cap >= ico_min),    -- micro-USDT: the per-user cap
  opens_at INTEGER NOT NULL,
  closes_at INTEGER NOT NULL CHECK (closes_at > opens_at),
  distribute_at INTEGER NOT NULL CHECK (distribute_at >= closes_at),
  list_at INTEGER NOT NULL CHECK (list_at >= distribute_at),
  summary TEXT NOT NULL DEFAULT '',
  phase TEXT NOT NULL DEFAULT 'open' CHECK (phase IN ('open', 'distributed', 'listed')),
  sold_tokens INTEGER NOT NULL DEFAULT 0,                 -- real pool: tokens allocated by the distribution
  committed_usdt INTEGER NOT NULL DEFAULT 0,              -- real pool: micro-USDT committed when it ran
  distributed_at INTEGER,
  listed_at INTEGER,
  created_by INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX ico_sales_window ON ico_sales (opens_at, closes_at);

-- One commitment per account per sale; one row per (account_id, client_id), so a retried submit is one.
CREATE TABLE ico_commitments (
  id INTEGER PRIMARY KEY,
  sale_id INTEGER NOT NULL REFERENCES ico_sales (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),             -- micro-USDT committed: what was frozen
  state TEXT NOT NULL CHECK (state IN ('committed', 'distributed')),
  won_tokens INTEGER NOT NULL DEFAULT 0 CHECK (won_tokens >= 0),
  spent_usdt INTEGER NOT NULL DEFAULT 0 CHECK (spent_usdt >= 0),
  refunded_usdt INTEGER NOT NULL DEFAULT 0 CHECK (refunded_usdt >= 0),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK (spent_usdt + refunded_usdt <= amount)
) STRICT;
CREATE UNIQUE INDEX ico_commitments_client ON ico_commitments (account_id, client_id);
CREATE UNIQUE INDEX ico_commitments_one ON ico_commitments (account_id, sale_id);
CREATE INDEX ico_commitments_sale ON ico_commitments (sale_id, state);
