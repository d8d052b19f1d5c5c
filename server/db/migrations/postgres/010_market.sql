-- Market simulator (PostgreSQL form of sqlite/010_market.sql): bar history, simulator metadata, watchlists.
CREATE TABLE market_bar_1m (
  symbol TEXT NOT NULL,
  t BIGINT NOT NULL,
  o BIGINT NOT NULL,
  h BIGINT NOT NULL,
  l BIGINT NOT NULL,
  c BIGINT NOT NULL,
  v BIGINT NOT NULL,
  PRIMARY KEY (symbol, t)
);

CREATE TABLE market_bar_1d (
  symbol TEXT NOT NULL,
  t BIGINT NOT NULL,
  o BIGINT NOT NULL,
  h BIGINT NOT NULL,
  l BIGINT NOT NULL,
  c BIGINT NOT NULL,
  v BIGINT NOT NULL,
  q TEXT NOT NULL,
  PRIMARY KEY (symbol, t)
);

CREATE TABLE market_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE market_collect (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('stock', 'coin')),
  symbol TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, kind, symbol)
);
