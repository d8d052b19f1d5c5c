-- Operators of the console at /admin/ (issue 15 item 7) and their sessions. Operators are made by the command
-- server/tools/operator.ts (never through an API). Every login needs the password and a TOTP code
-- (RFC 6238); last_totp_step is the newest time step accepted, so a code can never be used twice.
CREATE TABLE operators (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,             -- scrypt (domain/auth/password-hash.ts)
  totp_secret TEXT NOT NULL,               -- base32
  roles TEXT NOT NULL,                     -- comma-separated set of kyc, finance, support, admin
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  last_totp_step INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
) STRICT;

-- A console session: only the SHA-256 of the cookie's token is stored. expires_at moves forward on use
-- (idle expiry); revoked_at is set by logout or when the operator is disabled.
CREATE TABLE operator_sessions (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  operator_id INTEGER NOT NULL REFERENCES operators (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
) STRICT;
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);
