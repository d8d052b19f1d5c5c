-- Offline (private) placements (issue 17 §4; server/domain/placement/README.md). An operator offers shares of an
-- already-listed stock at a placement price to eligible accounts (the spec's international / high-net-worth
-- account type, set per user by an operator: investor_types). Applications freeze price × shares in the ledger;
-- after the window the operator allocates (in full, or pro rata in whole lots when oversubscribed: the rest
-- given back at once), the allocated money is paid to placement_seller_<id> and the shares arrive in the
-- shares_locked book with a share_locks row whose unlock_at is the placement's stated unlock time; the T+1
-- engine releases them to `shares` then (server/domain/trading/t-plus-one.ts, unchanged).

-- The investor type of a user (absent: regular). Set by an operator (console user lookup, backoffice), audited.
CREATE TABLE investor_types (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  type TEXT NOT NULL CHECK (type IN ('regular', 'international')),
  set_by INTEGER,                                         -- operator id (NULL: the back-office command)
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE placements (
  id INTEGER PRIMARY KEY,
  symbol TEXT NOT NULL,                                   -- a listed stock of the simulated market
  company TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price > 0),               -- PKR paisa per share
  total_shares INTEGER NOT NULL CHECK (total_shares > 0),
  lot INTEGER NOT NULL CHECK (lot > 0),
  min_shares INTEGER NOT NULL CHECK (min_shares > 0),
  opens_at INTEGER NOT NULL,
  closes_at INTEGER NOT NULL CHECK (closes_at > opens_at),
  allot_at INTEGER NOT NULL CHECK (allot_at >= closes_at),
  lock_days INTEGER NOT NULL CHECK (lock_days >= 0),
  unlock_at INTEGER NOT NULL CHECK (unlock_at >= allot_at), -- allot_at + lock_days days: stated before applying
  eligibility TEXT NOT NULL CHECK (eligibility IN ('international', 'everyone')),
  note TEXT NOT NULL DEFAULT '',
  phase TEXT NOT NULL DEFAULT 'open' CHECK (phase IN ('open', 'allocated')),
  applied_shares INTEGER NOT NULL DEFAULT 0,              -- real pool's demand when allocated
  allocated_shares INTEGER NOT NULL DEFAULT 0,            -- real pool's allocation
  allocated_at INTEGER,
  created_by INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX placements_window ON placements (opens_at, closes_at);

CREATE TABLE placement_applications (
  id INTEGER PRIMARY KEY,
  placement_id INTEGER NOT NULL REFERENCES placements (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  shares INTEGER NOT NULL CHECK (shares > 0),
  price INTEGER NOT NULL CHECK (price > 0),
  amount INTEGER NOT NULL CHECK (amount > 0),             -- price × shares: what was frozen
  state TEXT NOT NULL CHECK (state IN ('applied', 'allocated', 'not_allocated')),
  won_shares INTEGER NOT NULL DEFAULT 0 CHECK (won_shares >= 0 AND won_shares <= shares),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX placement_applications_client ON placement_applications (account_id, client_id);
CREATE UNIQUE INDEX placement_applications_one ON placement_applications (account_id, placement_id);
CREATE INDEX placement_applications_account ON placement_applications (account_id, id);

-- share_locks.fill_id becomes optional: a lock may come from something other than a fill (a placement's
-- allocation). SQLite cannot drop NOT NULL, so the table is rebuilt with the same rows and index.
CREATE TABLE share_locks_new (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  symbol TEXT NOT NULL,
  qty INTEGER NOT NULL CHECK (qty > 0),
  fill_id INTEGER REFERENCES stock_fills (id),
  unlock_at INTEGER NOT NULL,
  released_at INTEGER
) STRICT;
INSERT INTO share_locks_new (id, account_id, symbol, qty, fill_id, unlock_at, released_at)
  SELECT id, account_id, symbol, qty, fill_id, unlock_at, released_at FROM share_locks;
DROP TABLE share_locks;
ALTER TABLE share_locks_new RENAME TO share_locks;
CREATE INDEX share_locks_pending ON share_locks (account_id, unlock_at) WHERE released_at IS NULL;
