-- Withdrawals (issue 15): a user's request to pay money out of a real account to a bound bank account or
-- mobile wallet (PKR) or to a crypto address (USDT). The request freezes amount + fee + network_fee in the
-- ledger in the same transaction as this row; an operator then pays it (frozen → clearing_<channel> and the
-- fee account) or rejects it (frozen → available). The destination is copied here, so deleting a binding or
-- an address never changes money in flight. One row per (user_id, client_id): a retried submit is one record.
CREATE TABLE withdrawals (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('bank', 'wallet', 'crypto')),
  asset TEXT NOT NULL CHECK (asset IN ('PKR', 'USDT')),
  amount INTEGER NOT NULL CHECK (amount > 0),        -- minor units of asset: what the destination receives
  fee INTEGER NOT NULL CHECK (fee >= 0),              -- platform fee, on top of amount
  network_fee INTEGER NOT NULL CHECK (network_fee >= 0), -- crypto only: the chain's fee, on top of amount
  provider TEXT NOT NULL DEFAULT '',                  -- bank code or jazzcash / easypaisa
  number TEXT NOT NULL DEFAULT '',                    -- IBAN or wallet number
  title TEXT NOT NULL DEFAULT '',                     -- account title
  chain TEXT NOT NULL DEFAULT '',                     -- TRC20 | ERC20 | BEP20 (crypto)
  address TEXT NOT NULL DEFAULT '',                   -- crypto address
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'rejected')),
  reference TEXT NOT NULL DEFAULT '',                 -- bank reference or transaction hash, once paid
  reason TEXT NOT NULL DEFAULT '',                    -- why it was rejected, shown to the user
  reviewed_by INTEGER,                                -- operator id (NULL: pending, or the back-office command)
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX withdrawals_client ON withdrawals (user_id, client_id);
CREATE INDEX withdrawals_user ON withdrawals (user_id, channel, id);
CREATE INDEX withdrawals_status ON withdrawals (status, id);
