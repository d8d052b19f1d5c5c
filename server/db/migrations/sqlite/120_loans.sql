-- Loans and the credit score (issue 18 items 5, 6; server/domain/loans/README.md). Real accounts only. A loan is
-- one bullet repayment (contract/loan-terms.ts): the terms the user accepted (the key fact statement) are kept
-- as they were shown. States: review (applied) → active (the manager disbursed it: loan_book → cash) →
-- repaying (the user paid: the repayment frozen) → repaid (the manager confirmed: frozen → loan_book,
-- loan_interest, fee_loan); or rejected (with a reason). One row per (user_id, client_id): a retried apply is
-- one loan.
CREATE TABLE loans (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  client_id TEXT NOT NULL,
  principal INTEGER NOT NULL CHECK (principal > 0),       -- PKR paisa lent (the user receives all of it)
  days INTEGER NOT NULL CHECK (days > 0),
  daily_rate_ppm INTEGER NOT NULL CHECK (daily_rate_ppm >= 0 AND daily_rate_ppm <= 7500),
  interest INTEGER NOT NULL CHECK (interest >= 0),         -- for the full term, as the statement showed
  fee INTEGER NOT NULL CHECK (fee >= 0),
  total INTEGER NOT NULL CHECK (total = principal + interest + fee AND interest + fee <= principal),
  apr_bp INTEGER NOT NULL,                                 -- hundredths of a percent
  status TEXT NOT NULL DEFAULT 'review' CHECK (status IN ('review', 'active', 'repaying', 'repaid', 'rejected')),
  reason TEXT NOT NULL DEFAULT '',
  disbursed_at INTEGER,
  due_at INTEGER,
  repay_interest INTEGER,                                  -- what the repayment froze (days used only)
  repay_total INTEGER,
  repay_requested_at INTEGER,
  repaid_at INTEGER,
  late_days INTEGER NOT NULL DEFAULT 0,                    -- days past due when repaid
  reviewed_by INTEGER,                                     -- the operator (NULL: the back-office command)
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (user_id, client_id)
) STRICT;
CREATE INDEX loans_user ON loans (user_id, id);
CREATE INDEX loans_status ON loans (status, id);

-- Every change of a user's credit score, with the parts that moved (JSON [{key, delta}]) and the full parts.
CREATE TABLE credit_score_log (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 100),
  previous INTEGER,
  moved TEXT NOT NULL,
  parts TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX credit_score_log_user ON credit_score_log (user_id, id);
