-- Deposits (issue 15): the platform's receiving accounts a user pays into, every deposit request (bank
-- transfer, mobile wallet, offline, crypto) from pending to credited or rejected, the offline channel
-- passwords, and the simulated blockchain that feeds crypto deposits.

-- Where users send money. Two plausible platform accounts are seeded here; operators edit them later.
CREATE TABLE receiving_accounts (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('bank', 'wallet')),
  provider TEXT NOT NULL,                  -- bank code of the IBAN (e.g. MEZN) or 'jazzcash' / 'easypaisa'
  provider_name TEXT NOT NULL,             -- what the user sees: "Meezan Bank", "JazzCash"
  title TEXT NOT NULL,                     -- account title
  number TEXT NOT NULL,                    -- compact IBAN, or the wallet's 03XXXXXXXXX
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  sort INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
INSERT INTO receiving_accounts (channel, provider, provider_name, title, number, active, sort, created_at, updated_at)
VALUES
  ('bank', 'MEZN', 'Meezan Bank', 'Tradeline Securities (Pvt) Ltd', 'PK47MEZN0098765432101234', 1, 1, 0, 0),
  ('wallet', 'jazzcash', 'JazzCash', 'Tradeline Securities', '03001234567', 1, 2, 0, 0);

-- One row per deposit request. amount is in minor units of `asset` (PKR 2 places, USDT 6 places).
CREATE TABLE deposits (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),   -- the user's real account
  client_id TEXT NOT NULL,                 -- the form's id (a retry answers the same row); chain:<tx> for the watcher
  channel TEXT NOT NULL CHECK (channel IN ('bank', 'wallet', 'offline', 'crypto')),
  asset TEXT NOT NULL CHECK (asset IN ('PKR', 'USDT')),
  amount INTEGER NOT NULL CHECK (amount > 0),
  reference TEXT NOT NULL,                 -- D + 8 Crockford base32: what the user quotes with the transfer
  receiving_account_id INTEGER REFERENCES receiving_accounts (id),
  payer TEXT NOT NULL DEFAULT '',          -- the wallet number or bank the user paid from (optional)
  chain TEXT CHECK (chain IN ('TRC20', 'ERC20', 'BEP20')),
  address TEXT,
  tx_hash TEXT,
  confirmations INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('pending', 'credited', 'rejected')),
  bank_reference TEXT NOT NULL DEFAULT '', -- entered by the operator who credited it
  reason TEXT NOT NULL DEFAULT '',         -- why it was rejected, shown to the user
  reviewed_by INTEGER,                     -- operator id (NULL: the back-office command or the chain watcher)
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX deposits_client ON deposits (user_id, client_id);
CREATE UNIQUE INDEX deposits_reference ON deposits (reference);
CREATE UNIQUE INDEX deposits_tx ON deposits (chain, tx_hash) WHERE tx_hash IS NOT NULL;
CREATE INDEX deposits_user ON deposits (user_id, id);
CREATE INDEX deposits_status ON deposits (status, id);

-- Offline channel passwords, hashed: one for a user ('user:<id>'), or the default every account manager hands
-- out ('default'). A user's own password, when set, is the only one that opens the channel for them.
CREATE TABLE channel_passwords (
  scope TEXT PRIMARY KEY,
  password_hash TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  updated_by INTEGER                       -- operator id; NULL for the back-office command
) STRICT;

-- The simulated blockchain: a height per chain and the transfers into platform deposit addresses.
CREATE TABLE sim_chain_heads (
  chain TEXT PRIMARY KEY CHECK (chain IN ('TRC20', 'ERC20', 'BEP20')),
  height INTEGER NOT NULL
) STRICT;
INSERT INTO sim_chain_heads (chain, height) VALUES ('TRC20', 1), ('ERC20', 1), ('BEP20', 1);
CREATE TABLE sim_chain_transfers (
  id INTEGER PRIMARY KEY,
  chain TEXT NOT NULL CHECK (chain IN ('TRC20', 'ERC20', 'BEP20')),
  tx_hash TEXT NOT NULL,
  address TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),   -- USDT, 6 places
  block INTEGER NOT NULL,                        -- the height it was included at
  credited INTEGER NOT NULL DEFAULT 0 CHECK (credited IN (0, 1)),
  created_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX sim_chain_transfers_tx ON sim_chain_transfers (chain, tx_hash);
CREATE INDEX sim_chain_transfers_open ON sim_chain_transfers (credited, id);
