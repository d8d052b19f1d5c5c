-- What every node of a cluster must see alike, kept in the database instead of each node's DATA_DIR (issue 13:
-- no call may depend on one node's local state; nodes do not share a disk).
-- stored_files: uploaded files by area and random key (KYC photos, chat images, content images), re-encoded
-- JPEGs of at most a few hundred KB (server/domain/files/stored-files.ts). A backup of the database holds them.
CREATE TABLE stored_files (
  area TEXT NOT NULL CHECK (area IN ('kyc', 'chat', 'content')),
  key TEXT NOT NULL,
  bytes BYTEA NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (area, key)
);
-- server_secret_prints: a fingerprint (HMAC-SHA256 of a fixed label under the key) of each server key the
-- nodes must share (SMS-code key, deposit-address key, VAPID pair), written by the first node to start; a node
-- whose key differs refuses to start (server/domain/cluster/shared-secrets.ts). The keys themselves are never
-- stored here: a copy of the database must not hold them.
CREATE TABLE server_secret_prints (
  name TEXT PRIMARY KEY,
  print TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
