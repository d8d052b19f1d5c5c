-- Customer-service chat (issue 19 item 5): one conversation per user account or per guest phone; its
-- messages carry a server-assigned sequence (1, 2, 3 … per conversation: the order both sides show) and the
-- sender's client id (a resend of the same id is the same message). Read markers are per side (the highest
-- sequence that side has seen). Images are re-encoded JPEGs under <dataDir>/private/chat/<image_key>.
CREATE TABLE chat_conversations (
  id INTEGER PRIMARY KEY,
  user_id INTEGER UNIQUE REFERENCES users (id),
  guest_phone TEXT UNIQUE,
  last_seq INTEGER NOT NULL DEFAULT 0,
  last_at INTEGER NOT NULL,
  user_read_seq INTEGER NOT NULL DEFAULT 0,
  operator_read_seq INTEGER NOT NULL DEFAULT 0,
  assigned_operator_id INTEGER REFERENCES operators (id),
  created_at INTEGER NOT NULL,
  CHECK ((user_id IS NULL) <> (guest_phone IS NULL))
) STRICT;
CREATE INDEX chat_conversations_last_at ON chat_conversations (last_at);

CREATE TABLE chat_messages (
  id INTEGER PRIMARY KEY,
  conversation_id INTEGER NOT NULL REFERENCES chat_conversations (id),
  seq INTEGER NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('user', 'operator')),
  operator_id INTEGER REFERENCES operators (id),
  kind TEXT NOT NULL CHECK (kind IN ('text', 'image')),
  body TEXT NOT NULL,
  image_key TEXT,
  client_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (conversation_id, seq),
  UNIQUE (conversation_id, side, client_id)
) STRICT;

-- A guest's chat session: only the SHA-256 of its token is stored; from_seq hides what earlier guests of the
-- same phone wrote (a phone number is not a secret).
CREATE TABLE chat_guest_sessions (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  conversation_id INTEGER NOT NULL REFERENCES chat_conversations (id),
  from_seq INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;
