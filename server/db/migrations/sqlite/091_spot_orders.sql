-- Spot orders (issue 16): orders on the USDT crypto pairs and their fills. Balances live only in the ledger
-- (the spot account: books 'cash' / 'frozen' in USDT and each coin, server/domain/crypto/README.md); these
-- tables hold what the ledger cannot: order state, fill prices, which fills were maker or taker. Units
-- (contract/spot-rules.ts): price in ticks of the pair, qty in lots (the coin's ledger unit), USDT in micro-USDT,
-- filled_raw = Σ qty × price at scale priceDecimals + qtyDecimals (exact; USDT is rounded from it).
CREATE TABLE spot_orders (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_order_id TEXT NOT NULL,
  symbol TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  type TEXT NOT NULL CHECK (type IN ('market', 'limit')),
  tif TEXT NOT NULL CHECK (tif IN ('GTC', 'IOC', 'POST_ONLY')),
  price INTEGER NOT NULL CHECK (price >= 0),         -- limit price in ticks; 0 for market orders
  qty INTEGER NOT NULL CHECK (qty >= 0),             -- base quantity in lots; 0 for a market buy by quote_qty
  quote_qty INTEGER NOT NULL DEFAULT 0 CHECK (quote_qty >= 0), -- market buy: micro-USDT to spend
  filled_qty INTEGER NOT NULL DEFAULT 0 CHECK (filled_qty >= 0),
  filled_raw INTEGER NOT NULL DEFAULT 0,
  filled_quote INTEGER NOT NULL DEFAULT 0,           -- micro-USDT paid (buy) or received before fees (sell)
  fee INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),   -- in the asset received: the coin (buy), USDT (sell)
  frozen INTEGER NOT NULL DEFAULT 0 CHECK (frozen >= 0), -- still reserved: micro-USDT (buy) or lots (sell)
  status TEXT NOT NULL CHECK (status IN ('pending', 'partial', 'filled', 'cancelled', 'rejected')),
  reason TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (account_id, client_order_id),
  CHECK (qty > 0 OR quote_qty > 0)
) STRICT;
CREATE INDEX spot_orders_account ON spot_orders (account_id, id);
CREATE INDEX spot_orders_open ON spot_orders (symbol) WHERE status IN ('pending', 'partial');

CREATE TABLE spot_fills (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES spot_orders (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  symbol TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  qty INTEGER NOT NULL CHECK (qty > 0),
  price INTEGER NOT NULL CHECK (price > 0),
  amount INTEGER NOT NULL,                           -- micro-USDT this fill moved
  fee INTEGER NOT NULL CHECK (fee >= 0),
  maker INTEGER NOT NULL CHECK (maker IN (0, 1)),
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX spot_fills_order ON spot_fills (order_id);
