-- Lock-outs of guessable secrets (domain/rate-limit/attempt-rules.ts), one table for all of them: scope
-- 'trade_password' now, 'withdraw_password' next. Replaces trade_password_guard (failures in a row + a fixed
-- 15-minute lock), whose check-then-record race let parallel guesses through. Times are Unix ms.
CREATE TABLE attempt_guards (
  scope TEXT NOT NULL,
  subject TEXT NOT NULL,                   -- e.g. the user id
  failures INTEGER NOT NULL CHECK (failures >= 0),
  pending INTEGER NOT NULL CHECK (pending >= 0),   -- admitted, check in flight; counted like failures
  since INTEGER NOT NULL,                  -- the back-off is measured from here
  last_failure_at INTEGER NOT NULL,
  PRIMARY KEY (scope, subject)
) STRICT;

-- Carry over what the old table knew: a running lock becomes 5 failures dated from when it began (so the
-- back-off continues), failures in a row are kept as of now.
INSERT INTO attempt_guards (scope, subject, failures, pending, since, last_failure_at)
SELECT 'trade_password', CAST(user_id AS TEXT),
       CASE WHEN locked_until > 0 THEN MAX(failures, 5) ELSE failures END, 0,
       CASE WHEN locked_until > 0 THEN locked_until - 900000 ELSE CAST(strftime('%s', 'now') AS INTEGER) * 1000 END,
       CASE WHEN locked_until > 0 THEN locked_until - 900000 ELSE CAST(strftime('%s', 'now') AS INTEGER) * 1000 END
FROM trade_password_guard
WHERE failures > 0 OR locked_until > 0;

DROP TABLE trade_password_guard;
