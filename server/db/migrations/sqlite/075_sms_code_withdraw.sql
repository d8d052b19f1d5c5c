-- The withdrawal-password reset gets its own SMS code type, `withdraw`: a code texted to reset the login
-- password (`reset`) must not reset the withdrawal password, nor the other way round. SQLite cannot change a
-- CHECK constraint, so the table is rebuilt with the same columns and index; nothing references it, and the
-- live codes are copied over unchanged.
CREATE TABLE sms_codes_075 (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('register', 'reset', 'login', 'withdraw')),
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL,
  consumed_at INTEGER,
  created_at INTEGER NOT NULL
) STRICT;
INSERT INTO sms_codes_075 (id, phone, type, code_hash, attempts, expires_at, consumed_at, created_at)
  SELECT id, phone, type, code_hash, attempts, expires_at, consumed_at, created_at FROM sms_codes;
DROP TABLE sms_codes;
ALTER TABLE sms_codes_075 RENAME TO sms_codes;
CREATE INDEX sms_codes_phone ON sms_codes (phone, type);
