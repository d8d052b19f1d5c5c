-- Price alerts and Web Push subscriptions (issue 19 item 6; server/domain/alerts/).
-- An alert: price above / below a value, or a move of at least N % (either way) since the previous close, on a
-- PSX stock, an index or a crypto pair. value is the decimal text the user set (price, or percent for
-- 'change'). A one-shot alert switches off (active 0) when it fires; a repeating one stays on and counts its
-- firings (fired_count, also the message's event key). Deleting removes the row.
CREATE TABLE price_alerts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  symbol TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('above', 'below', 'change')),
  value TEXT NOT NULL,
  repeating INTEGER NOT NULL DEFAULT 0 CHECK (repeating IN (0, 1)),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  fired_count INTEGER NOT NULL DEFAULT 0,
  last_fired_at INTEGER,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX price_alerts_user ON price_alerts (user_id, id);
CREATE INDEX price_alerts_active ON price_alerts (active, symbol);

-- A device's push subscription (PushManager.subscribe): its endpoint (unique: a device re-subscribing moves
-- it), its keys, and the language the device uses (the push text is written in it). Removed by the user, or
-- by the server when the push service answers 404 / 410 (expired).
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
