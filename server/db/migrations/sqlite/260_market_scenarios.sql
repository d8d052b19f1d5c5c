-- Market scenarios (issue 16 item 7): an operator's request that the simulator move a crypto pair by pct_bp
-- basis points (−2000 = a 20 % fall) over `seconds` of feed steps. A test and demo control, refused unless the
-- server runs with SIM_CONTROLS=1. The request is written here (with its operator_audit row, in one
-- transaction) by the console call or the back-office command, on any node; the leader, which holds the
-- simulator, claims each pending row once (status pending → started, or expired when too old to mean "now")
-- and starts it (server/domain/market/market-scenarios.ts).
CREATE TABLE market_scenarios (
  id INTEGER PRIMARY KEY,
  symbol TEXT NOT NULL,
  pct_bp INTEGER NOT NULL CHECK (pct_bp BETWEEN -9000 AND 9000 AND pct_bp <> 0),
  seconds INTEGER NOT NULL CHECK (seconds BETWEEN 1 AND 3600),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'started', 'expired')),
  created_by INTEGER,                                     -- operator id (NULL: the back-office command)
  created_at INTEGER NOT NULL,
  started_at INTEGER
) STRICT;
CREATE INDEX market_scenarios_status ON market_scenarios (status, id);
