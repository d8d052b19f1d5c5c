-- News, platform notices, Home banners and personal messages (issue 19 items 1–4). Texts are kept in both
-- languages; an answer picks the caller's. published_at NULL means a draft or unpublished item (never shown to
-- users). Images are re-encoded JPEGs under <dataDir>/public/content/<image_key>, served at
-- /api/content/image/<image_key>.

-- An article: written by an operator, or made by the server (kind 'auto', e.g. the KSE-100 at the close) under
-- a unique auto_key so a day's article is made once however many nodes or restarts try.
CREATE TABLE news_articles (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('operator', 'auto')),
  auto_key TEXT UNIQUE,
  title_ur TEXT NOT NULL,
  title_en TEXT NOT NULL,
  body_ur TEXT NOT NULL,
  body_en TEXT NOT NULL,
  image_key TEXT,
  published_at INTEGER,
  created_by INTEGER,                      -- operator id (NULL: automatic)
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX news_articles_published ON news_articles (published_at, id);

-- A notice to every user. At most one published notice is the system pop-up shown once on Home (the newest
-- published one with system_popup = 1 wins). Read state of platform notices is kept on the device, not here.
CREATE TABLE platform_notices (
  id INTEGER PRIMARY KEY,
  title_ur TEXT NOT NULL,
  title_en TEXT NOT NULL,
  body_ur TEXT NOT NULL,
  body_en TEXT NOT NULL,
  system_popup INTEGER NOT NULL DEFAULT 0 CHECK (system_popup IN (0, 1)),
  published_at INTEGER,
  created_by INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX platform_notices_published ON platform_notices (published_at, id);

-- A Home carousel banner: an image leading to a route of the app (path from the app's route table, optional
-- query string), shown while active and inside its window (NULL: open-ended), in sort order.
CREATE TABLE home_banners (
  id INTEGER PRIMARY KEY,
  image_key TEXT NOT NULL,
  alt_ur TEXT NOT NULL,
  alt_en TEXT NOT NULL,
  target TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  starts_at INTEGER,
  ends_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

-- A personal message made by an event (deposit credited, withdrawal paid, KYC result, order filled …): a text
-- key of locales/<lang>/notice.json and its params, rendered in the reader's language; link is an app route.
-- event_key is unique per user, so an event retried or replayed makes one message.
CREATE TABLE user_messages (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  kind TEXT NOT NULL,
  event_key TEXT NOT NULL,
  text_key TEXT NOT NULL,
  params_json TEXT NOT NULL DEFAULT '{}',
  link TEXT NOT NULL DEFAULT '',
  read_at INTEGER,
  created_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX user_messages_event ON user_messages (user_id, event_key);
CREATE INDEX user_messages_user ON user_messages (user_id, id);
CREATE INDEX user_messages_unread ON user_messages (user_id, read_at);
