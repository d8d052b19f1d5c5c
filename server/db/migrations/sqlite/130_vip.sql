-- VIP membership (issue 18, item 2; contract/vip.ts has the decisions). One row per user (a membership is a
-- person's, shared by the real and demo account): the current (or last) trial or paid membership, whether the
-- trial was used, and the strategy service customer service switched on. The state (trial, active, expired…)
-- is derived from expires_at and the clock.
CREATE TABLE vip_memberships (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  kind TEXT CHECK (kind IN ('trial', 'paid')),              -- NULL: never a member (a row made by the console)
  started_at INTEGER,
  expires_at INTEGER,
  trial_used INTEGER NOT NULL DEFAULT 0 CHECK (trial_used IN (0, 1)),
  strategy_service INTEGER NOT NULL DEFAULT 0 CHECK (strategy_service IN (0, 1)),
  updated_at INTEGER NOT NULL
) STRICT;

-- Every trial start and purchase, one per (user_id, client_id) so a retried request has one effect. A paid
-- one is the ledger journal vip_buy with ref vip:<id>; the trial's price is 0.
CREATE TABLE vip_purchases (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  plan TEXT NOT NULL,                                        -- 'trial' or a plan id of vip.plans
  days INTEGER NOT NULL CHECK (days > 0),
  price INTEGER NOT NULL CHECK (price >= 0),                 -- PKR paisa
  starts_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL CHECK (expires_at > starts_at),
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, client_id)
) STRICT;
CREATE INDEX vip_purchases_user ON vip_purchases (user_id, id);
