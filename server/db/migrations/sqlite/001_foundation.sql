-- Foundation: users with a real and a demo account, login sessions and their tokens, captchas, SMS codes,
-- and the double-entry ledger. Times are Unix milliseconds; money is INTEGER minor units (paisa), never REAL.

CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  area_code TEXT NOT NULL,
  phone TEXT NOT NULL UNIQUE,              -- normalised E.164, e.g. +923001234567
  account TEXT NOT NULL,                   -- what the app shows as the account name
  password_hash TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  id_status TEXT NOT NULL DEFAULT 'none' CHECK (id_status IN ('none', 'pending', 'succ', 'fail')),
  invite_code TEXT NOT NULL UNIQUE,
  invited_by INTEGER REFERENCES users (id),
  open_auto_apply INTEGER NOT NULL DEFAULT 0 CHECK (open_auto_apply IN (0, 1)),
  trade_password_hash TEXT,
  withdraw_password_hash TEXT,
  created_at INTEGER NOT NULL
) STRICT;

-- User ids are shown with a copy button; start them at six digits so they look like ids, not counters.
INSERT INTO sqlite_sequence (name, seq) VALUES ('users', 100000);

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  type TEXT NOT NULL CHECK (type IN ('real', 'demo')),
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, type)
) STRICT;

-- One login = one session holding two tokens (real and demo); revoking the session revokes both.
CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER,
  ip TEXT NOT NULL DEFAULT '',
  user_agent TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,             -- SHA-256 hex of the token; the token itself is never stored
  session_id INTEGER NOT NULL REFERENCES sessions (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  account_type TEXT NOT NULL CHECK (account_type IN ('real', 'demo'))
) STRICT, WITHOUT ROWID;
CREATE INDEX tokens_session ON tokens (session_id);

CREATE TABLE captchas (
  id TEXT PRIMARY KEY,
  answer TEXT NOT NULL,                    -- upper case; compared case-insensitively
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX captchas_expiry ON captchas (expires_at);

CREATE TABLE sms_codes (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('register', 'reset', 'login')),
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL,
  consumed_at INTEGER,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX sms_codes_phone ON sms_codes (phone, type);

-- Development SMS gateway: messages land here (and in the log) instead of a phone.
CREATE TABLE sms_outbox (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;

-- Double-entry ledger. A ledger account belongs to a user account (never negative) or to the system
-- (e.g. the demo-funds source, which goes negative by design).
CREATE TABLE ledger_accounts (
  id INTEGER PRIMARY KEY,
  owner TEXT NOT NULL CHECK (owner IN ('user', 'system')),
  account_id INTEGER REFERENCES accounts (id),
  name TEXT NOT NULL,                      -- 'cash' for a user's wallet; a system purpose otherwise
  UNIQUE (account_id, name),
  CHECK ((owner = 'user') = (account_id IS NOT NULL))
) STRICT;
CREATE UNIQUE INDEX ledger_accounts_system ON ledger_accounts (name) WHERE owner = 'system';

CREATE TABLE ledger_journals (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,                      -- e.g. 'demo_funding'
  ref TEXT NOT NULL,                       -- idempotency key: one journal per (kind, ref)
  memo TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  UNIQUE (kind, ref)
) STRICT;

CREATE TABLE ledger_postings (
  id INTEGER PRIMARY KEY,
  journal_id INTEGER NOT NULL REFERENCES ledger_journals (id),
  ledger_account_id INTEGER NOT NULL REFERENCES ledger_accounts (id),
  asset TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount <> 0)
) STRICT;
CREATE INDEX ledger_postings_journal ON ledger_postings (journal_id);
CREATE INDEX ledger_postings_account ON ledger_postings (ledger_account_id, asset);

-- Cached balances, updated in the same transaction as the postings.
CREATE TABLE ledger_balances (
  ledger_account_id INTEGER NOT NULL REFERENCES ledger_accounts (id),
  asset TEXT NOT NULL,
  amount INTEGER NOT NULL,
  PRIMARY KEY (ledger_account_id, asset)
) STRICT, WITHOUT ROWID;

-- Last line of defence: a user's balance can never go below zero, whatever the code does.
CREATE TRIGGER ledger_balances_user_non_negative_insert
BEFORE INSERT ON ledger_balances
WHEN NEW.amount < 0 AND (SELECT owner FROM ledger_accounts WHERE id = NEW.ledger_account_id) = 'user'
BEGIN
  SELECT RAISE(ABORT, 'ledger: negative user balance');
END;

CREATE TRIGGER ledger_balances_user_non_negative_update
BEFORE UPDATE ON ledger_balances
WHEN NEW.amount < 0 AND (SELECT owner FROM ledger_accounts WHERE id = NEW.ledger_account_id) = 'user'
BEGIN
  SELECT RAISE(ABORT, 'ledger: negative user balance');
END;
