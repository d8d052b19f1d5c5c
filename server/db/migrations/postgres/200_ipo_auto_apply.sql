-- Automatic IPO subscription (issue 17 §3; server/domain/ipo/auto-apply.ts). Each account (real and demo apart)
-- has its own switch and an optional cap on the money one automatic application may block (NULL: no cap).
-- The opening pass writes one ipo_auto_runs row per (offering, account) in the transaction that applies or
-- decides not to, so a pass re-run after a restart, or two passes at once, act once per offering per account.
CREATE TABLE ipo_auto_apply (
  account_id BIGINT PRIMARY KEY REFERENCES accounts (id),
  user_id BIGINT NOT NULL REFERENCES users (id),
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  max_amount BIGINT CHECK (max_amount > 0),              -- PKR paisa; NULL: no cap
  updated_at BIGINT NOT NULL
);
CREATE INDEX ipo_auto_apply_enabled ON ipo_auto_apply (enabled, account_id);

CREATE TABLE ipo_auto_runs (
  offering_id BIGINT NOT NULL REFERENCES ipo_offerings (id),
  account_id BIGINT NOT NULL REFERENCES accounts (id),
  outcome TEXT NOT NULL CHECK (outcome IN ('applied', 'no_balance', 'no_kyc', 'over_cap', 'already_applied')),
  application_id BIGINT REFERENCES ipo_applications (id),
  amount BIGINT NOT NULL CHECK (amount > 0),             -- paisa: minimum application × price, blocked or not
  shares INTEGER NOT NULL CHECK (shares > 0),
  created_at BIGINT NOT NULL,
  PRIMARY KEY (offering_id, account_id)
);
CREATE INDEX ipo_auto_runs_account ON ipo_auto_runs (account_id, created_at);
