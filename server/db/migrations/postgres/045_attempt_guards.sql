-- Lock-outs of guessable secrets (PostgreSQL form of sqlite/045_attempt_guards.sql): one table for all scopes.
-- Replaces trade_password_guard, carrying over what it knew as the SQLite form does.
CREATE TABLE attempt_guards (
  scope TEXT NOT NULL,
  subject TEXT NOT NULL,
  failures INTEGER NOT NULL CHECK (failures >= 0),
  pending INTEGER NOT NULL CHECK (pending >= 0),
  since BIGINT NOT NULL,
  last_failure_at BIGINT NOT NULL,
  PRIMARY KEY (scope, subject)
);

INSERT INTO attempt_guards (scope, subject, failures, pending, since, last_failure_at)
SELECT 'trade_password', CAST(user_id AS TEXT),
       CASE WHEN locked_until > 0 THEN GREATEST(failures, 5) ELSE failures END, 0,
       CASE WHEN locked_until > 0 THEN locked_until - 900000 ELSE (EXTRACT(EPOCH FROM now()) * 1000)::BIGINT END,
       CASE WHEN locked_until > 0 THEN locked_until - 900000 ELSE (EXTRACT(EPOCH FROM now()) * 1000)::BIGINT END
FROM trade_password_guard
WHERE failures > 0 OR locked_until > 0;

DROP TABLE trade_password_guard;
