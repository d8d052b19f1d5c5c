-- Market simulator: persisted bar history (so a restart keeps the charts), simulator metadata and the
-- per-user watchlists (stock and coin favourites). Prices are INTEGER minor units of the instrument's
-- priceDecimals (PSX: paisa), volumes INTEGER units of its qtyDecimals, daily turnover a TEXT decimal integer of
-- price units × quantity units (it can exceed 2^53). Minute bars carry no turnover (nothing reads it).

CREATE TABLE market_bar_1m (
  symbol TEXT NOT NULL,
  t INTEGER NOT NULL,
  o INTEGER NOT NULL,
  h INTEGER NOT NULL,
  l INTEGER NOT NULL,
  c INTEGER NOT NULL,
  v INTEGER NOT NULL,
  PRIMARY KEY (symbol, t)
) STRICT, WITHOUT ROWID;

CREATE TABLE market_bar_1d (
  symbol TEXT NOT NULL,
  t INTEGER NOT NULL,
  o INTEGER NOT NULL,
  h INTEGER NOT NULL,
  l INTEGER NOT NULL,
  c INTEGER NOT NULL,
  v INTEGER NOT NULL,
  q TEXT NOT NULL,
  PRIMARY KEY (symbol, t)
) STRICT, WITHOUT ROWID;

CREATE TABLE market_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE market_collect (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('stock', 'coin')),
  symbol TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, kind, symbol)
) STRICT, WITHOUT ROWID;
