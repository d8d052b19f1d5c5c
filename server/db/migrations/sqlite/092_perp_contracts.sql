-- Perpetual contracts (issue 16, item 4): USDT-margined, one-way mode, isolated margin per position.
-- Prices are in the pair's price units (10^-priceDecimals), quantities in its quantity units, money in
-- micro-USDT. Margin and P&L move through the ledger (contract ↔ contract_margin, fee_perp, perp_market,
-- insurance_fund) in the same transaction as these rows; see server/domain/perp/README.md.

-- Leverage chosen per account and symbol (contract/order/multiple); 10× until set.
CREATE TABLE perp_leverage (
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  symbol TEXT NOT NULL,
  leverage INTEGER NOT NULL CHECK (leverage BETWEEN 1 AND 125),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, symbol)
) STRICT;

-- Positions: at most one open per (account, symbol) (one-way mode). entry_value = Σ qty·price of the fills.
-- liq_price is kept with every change so the leader finds crossed positions through an index, not a scan.
CREATE TABLE perp_positions (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  symbol TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('long', 'short')),
  qty INTEGER NOT NULL CHECK (qty >= 0),
  entry_value INTEGER NOT NULL CHECK (entry_value >= 0),
  margin INTEGER NOT NULL CHECK (margin >= 0),
  leverage INTEGER NOT NULL CHECK (leverage BETWEEN 1 AND 125),
  liq_price INTEGER,                       -- NULL: none ("--")
  tp_price INTEGER,
  tp_source TEXT NOT NULL DEFAULT 'mark' CHECK (tp_source IN ('mark', 'last')),
  sl_price INTEGER,
  sl_source TEXT NOT NULL DEFAULT 'mark' CHECK (sl_source IN ('mark', 'last')),
  status TEXT NOT NULL CHECK (status IN ('open', 'closed', 'liquidated')),
  opened_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX perp_positions_one_open ON perp_positions (account_id, symbol) WHERE status = 'open';
CREATE INDEX perp_positions_liq ON perp_positions (symbol, side, liq_price) WHERE status = 'open';
CREATE INDEX perp_positions_account ON perp_positions (account_id, status, id);

-- Executions: every open, close, TP/SL close, liquidation and auto-deleveraging, one row each. client_id is the
-- caller's idempotency key (system executions use 'sys:…'), unique per account.
CREATE TABLE perp_orders (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  position_id INTEGER NOT NULL REFERENCES perp_positions (id),
  symbol TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  action TEXT NOT NULL CHECK (action IN ('open', 'close', 'tp', 'sl', 'liquidation', 'adl')),
  qty INTEGER NOT NULL CHECK (qty > 0),
  price INTEGER NOT NULL CHECK (price > 0),
  fee INTEGER NOT NULL CHECK (fee >= 0),
  margin INTEGER NOT NULL,                 -- margin added (open) or released (close), micro-USDT
  realized_pnl INTEGER NOT NULL,
  leverage INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX perp_orders_client ON perp_orders (account_id, client_id);
CREATE INDEX perp_orders_position ON perp_orders (position_id, id);

-- Funding intervals settled (one row per symbol and interval start): the rate and mark it used.
CREATE TABLE perp_funding (
  symbol TEXT NOT NULL,
  interval_at INTEGER NOT NULL,
  rate INTEGER NOT NULL,                   -- at 10^-8
  price INTEGER NOT NULL,                  -- the mark it was paid on
  to_fund INTEGER NOT NULL,                -- rounding remainder credited to insurance_fund
  created_at INTEGER NOT NULL,
  PRIMARY KEY (symbol, interval_at)
) STRICT;
