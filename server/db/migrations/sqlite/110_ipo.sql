-- IPO subscriptions (issue 17, part 1). An operator creates an offering; users apply for the retail portion in
-- lots during the subscription window (the issue price × shares is frozen in the ledger with the row); the
-- operator runs the allotment after the window (server/domain/ipo/allotment.ts, with the seed recorded here so
-- anyone can re-run it); allotted money is paid (by the user or automatically at pay_by) and the shares wait in
-- the shares_ipo book until the operator marks the offering listed. `phase` is what operators did; the state a
-- user sees (upcoming / subscribing / to be allocated) is derived from it and the clock.
CREATE TABLE ipo_offerings (
  id INTEGER PRIMARY KEY,
  symbol TEXT NOT NULL UNIQUE,
  company TEXT NOT NULL,
  sector TEXT NOT NULL DEFAULT '',
  shariah INTEGER NOT NULL DEFAULT 0 CHECK (shariah IN (0, 1)),
  price INTEGER NOT NULL CHECK (price > 0),               -- PKR paisa: the issue (or strike) price applied at
  price_floor INTEGER CHECK (price_floor > 0),            -- book building's band, shown only (NULL: fixed price)
  price_cap INTEGER CHECK (price_cap > 0),
  total_shares INTEGER NOT NULL CHECK (total_shares > 0),
  retail_shares INTEGER NOT NULL CHECK (retail_shares > 0 AND retail_shares <= total_shares),
  lot INTEGER NOT NULL CHECK (lot > 0),
  min_shares INTEGER NOT NULL CHECK (min_shares > 0),
  max_shares INTEGER NOT NULL CHECK (max_shares >= min_shares),
  opens_at INTEGER NOT NULL,
  closes_at INTEGER NOT NULL CHECK (closes_at > opens_at),
  allot_at INTEGER NOT NULL CHECK (allot_at >= closes_at),
  pay_by INTEGER NOT NULL CHECK (pay_by >= allot_at),
  list_at INTEGER NOT NULL CHECK (list_at >= pay_by),
  prospectus TEXT NOT NULL DEFAULT '',
  phase TEXT NOT NULL DEFAULT 'open' CHECK (phase IN ('open', 'allotted', 'listed')),
  seed TEXT NOT NULL DEFAULT '',                          -- the allotment's ballot seed, once run
  applied_shares INTEGER NOT NULL DEFAULT 0,              -- retail demand when the allotment ran
  allotted_shares INTEGER NOT NULL DEFAULT 0,
  allotted_at INTEGER,
  listed_at INTEGER,
  created_by INTEGER,                                     -- operator id (NULL: the back-office command)
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX ipo_offerings_window ON ipo_offerings (opens_at, closes_at);

-- One live application per account per offering (a cancelled one may be followed by a new one); one row per
-- (account_id, client_id), so a retried submit is one application.
CREATE TABLE ipo_applications (
  id INTEGER PRIMARY KEY,
  offering_id INTEGER NOT NULL REFERENCES ipo_offerings (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  shares INTEGER NOT NULL CHECK (shares > 0),
  price INTEGER NOT NULL CHECK (price > 0),               -- paisa per share, copied from the offering
  amount INTEGER NOT NULL CHECK (amount > 0),             -- price × shares: what was frozen
  state TEXT NOT NULL CHECK (state IN ('applied', 'allotted', 'not_allotted', 'paid', 'cancelled')),
  won_shares INTEGER NOT NULL DEFAULT 0 CHECK (won_shares >= 0 AND won_shares <= shares),
  auto_paid INTEGER NOT NULL DEFAULT 0 CHECK (auto_paid IN (0, 1)),
  listed INTEGER NOT NULL DEFAULT 0 CHECK (listed IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX ipo_applications_client ON ipo_applications (account_id, client_id);
CREATE UNIQUE INDEX ipo_applications_live ON ipo_applications (account_id, offering_id) WHERE state <> 'cancelled';
CREATE INDEX ipo_applications_offering ON ipo_applications (offering_id, state);
CREATE INDEX ipo_applications_account ON ipo_applications (account_id, id);
