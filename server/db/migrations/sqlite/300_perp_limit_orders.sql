-- Resting limit orders of the perpetual contracts (issue 16): a limit open or increase waits in the book until
-- the simulated market reaches its price, then fills at that price as a maker. Its margin and the fee at the
-- taker rate (the most it can cost) are frozen (contract → contract_frozen) while it rests; filling, cancelling
-- or refusing releases them in the same transaction. price in the pair's price units, qty in its quantity
-- units, frozen in micro-USDT. Rows stay after they end (status and reason say how).
CREATE TABLE perp_limit_orders (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  symbol TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('long', 'short')),
  qty INTEGER NOT NULL CHECK (qty > 0),
  price INTEGER NOT NULL CHECK (price > 0),
  leverage INTEGER NOT NULL CHECK (leverage BETWEEN 1 AND 125),
  frozen INTEGER NOT NULL CHECK (frozen >= 0),
  status TEXT NOT NULL CHECK (status IN ('open', 'filled', 'cancelled')),
  -- why it ended without a fill: 'user', 'liquidation' (its symbol's position was liquidated), or the refusal
  -- met when the market reached it ('insufficient', 'oppositeOpen', 'leverageTooHigh', 'wouldLiquidate')
  reason TEXT,
  execution_id INTEGER REFERENCES perp_orders (id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX perp_limit_orders_client ON perp_limit_orders (account_id, client_id);
CREATE INDEX perp_limit_orders_book ON perp_limit_orders (symbol, side, price) WHERE status = 'open';
CREATE INDEX perp_limit_orders_account ON perp_limit_orders (account_id, status, id);
