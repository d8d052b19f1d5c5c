-- Personal messages reach Web Push (issue 19; server/domain/content/message-push.ts).
-- pushed: 0 while the leader's message push has not handled the message yet (queued a push to each of the
-- user's devices, or skipped it because the user turned that kind off), 1 after. Every writer of a personal
-- message gets push without knowing of it: the column's default is 0. Messages older than this migration
-- are marked handled, so nothing old is pushed. The partial index keeps the leader's scan to the few
-- unhandled rows.
ALTER TABLE user_messages ADD COLUMN pushed INTEGER NOT NULL DEFAULT 0;
UPDATE user_messages SET pushed = 1;
CREATE INDEX user_messages_unpushed ON user_messages (id) WHERE pushed = 0;

-- Which kinds of personal message a user does not want as push (the alerts screen's switches). No row: every
-- kind is pushed. off: kind groups (contract/alerts.ts PUSH_KINDS) separated by commas.
CREATE TABLE push_prefs (
  user_id BIGINT PRIMARY KEY REFERENCES users (id),
  off TEXT NOT NULL DEFAULT '',
  updated_at BIGINT NOT NULL
);
