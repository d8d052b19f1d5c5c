-- Exchange and transfers between a user's accounts (issue 16; server/domain/crypto/README.md).
-- exchange_quotes: a PKR↔USDT quote of user/exchange (action=quote), honoured until expires_at, accepted at most
-- once (action=accept: client_id and accepted_at are set in the transaction that posts its journal, ref
-- `exchange:<id>`). Scoped by account: a quote of the demo account cannot be accepted with the real one.
-- amount is in the from-asset's minor units, receive_amount in the to-asset's, rate_units is PKR per USDT at
-- 4 decimals (the rate the user was shown, spread included), index_units the USDT/PKR index it came from.
CREATE TABLE exchange_quotes (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  direction TEXT NOT NULL CHECK (direction IN ('PKR_USDT', 'USDT_PKR')),
  amount INTEGER NOT NULL CHECK (amount > 0),
  rate_units INTEGER NOT NULL CHECK (rate_units > 0),
  index_units INTEGER NOT NULL CHECK (index_units > 0),
  spread_bps INTEGER NOT NULL CHECK (spread_bps >= 0),
  fee INTEGER NOT NULL CHECK (fee >= 0),
  receive_amount INTEGER NOT NULL CHECK (receive_amount > 0),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  client_id TEXT,
  accepted_at INTEGER
) STRICT;
CREATE INDEX exchange_quotes_account ON exchange_quotes (account_id, id);

-- coin_transfers: USDT moved between the spot account (`cash`) and the contract account (`contract`) by
-- coin/transfer, no fee; one row per (account, client_id), so a retried submit is one transfer (its journal's
-- ref is `coin_transfer:<id>`).
CREATE TABLE coin_transfers (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  from_account TEXT NOT NULL CHECK (from_account IN ('spot', 'contract')),
  to_account TEXT NOT NULL CHECK (to_account IN ('spot', 'contract') AND to_account <> from_account),
  asset TEXT NOT NULL CHECK (asset = 'USDT'),
  amount INTEGER NOT NULL CHECK (amount > 0),
  created_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX coin_transfers_client ON coin_transfers (account_id, client_id);
