-- Options (issue 17 §6; server/domain/option/README.md): the broker's own cash-settled calls and puts on PSX
-- stocks (PSX lists no options). One row per purchase: the premium (paisa) left the account's cash for the
-- system account `option_writer` when it was bought; at expires_at the leader settles it once against the
-- symbol's price then (expiry_price) and pays max(0, S − K) or max(0, K − S) × qty back (payoff, may be 0).
-- The model's inputs are kept with the row as decimal strings (sigma, rate, unit_price) so the record shows
-- exactly what priced it.
CREATE TABLE option_orders (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  symbol TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('call', 'put')),
  term_days INTEGER NOT NULL CHECK (term_days > 0),
  qty INTEGER NOT NULL CHECK (qty > 0),                 -- contracts, one share's worth each
  strike INTEGER NOT NULL CHECK (strike > 0),           -- paisa per share: the price when bought
  unit_price TEXT NOT NULL,                             -- PKR per contract, model value × (1 + spread)
  premium INTEGER NOT NULL CHECK (premium > 0),         -- paisa paid: unit_price × qty rounded up
  sigma TEXT NOT NULL,                                  -- realised volatility used, yearly fraction
  rate TEXT NOT NULL,                                   -- risk-free rate used, yearly fraction
  spread_bps INTEGER NOT NULL CHECK (spread_bps >= 0),
  vol_days INTEGER NOT NULL CHECK (vol_days > 0),       -- daily closes the volatility was measured over
  state TEXT NOT NULL CHECK (state IN ('open', 'settled')),
  expires_at INTEGER NOT NULL,
  expiry_price INTEGER,                                 -- paisa per share, set at settlement
  payoff INTEGER CHECK (payoff >= 0),                   -- paisa paid back at settlement
  created_at INTEGER NOT NULL,
  settled_at INTEGER,
  UNIQUE (account_id, client_id)
) STRICT;
CREATE INDEX option_orders_open ON option_orders (expires_at) WHERE state = 'open';
CREATE INDEX option_orders_account ON option_orders (account_id, id);
