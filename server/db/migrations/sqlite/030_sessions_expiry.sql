-- The periodic purge of dead sessions (plugins/session-purge.ts) finds them by expiry without a table scan.
CREATE INDEX sessions_expiry ON sessions (expires_at);
