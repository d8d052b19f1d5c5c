-- KYC decisions: every change of users.id_status with who made it and why (a rejection's reason), so an
-- operator's back-office action can be audited; users.id_status stays the one value the app reads.

CREATE TABLE kyc_reviews (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  previous TEXT NOT NULL CHECK (previous IN ('none', 'pending', 'succ', 'fail')),
  status TEXT NOT NULL CHECK (status IN ('none', 'pending', 'succ', 'fail')),
  reason TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL,                    -- e.g. 'backoffice'
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX kyc_reviews_user ON kyc_reviews (user_id, id);
