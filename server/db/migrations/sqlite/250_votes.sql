-- Shareholder voting (issue 17 §8). An operator (finance/admin) puts a resolution of a listed company to its
-- holders: title and notice text in Urdu and English, the meeting kind (AGM / EOGM), the record date, the
-- options and the deadline. Who may vote and with what weight is read from the ledger, never copied: the shares
-- an account owned (every share book) in the journals dated up to record_at (server/domain/vote/holdings.ts).
-- Voting opens at record_at and closes at deadline_at; one ballot per account per resolution, changed in place
-- until the deadline; the weight is stored with the ballot (it cannot change once record_at has passed).
-- opened_sent_at / results_sent_at: when the leader's pass sent the holders their personal messages.
CREATE TABLE vote_resolutions (
  id INTEGER PRIMARY KEY,
  symbol TEXT NOT NULL,
  meeting TEXT NOT NULL CHECK (meeting IN ('agm', 'eogm')),
  title_ur TEXT NOT NULL,
  title_en TEXT NOT NULL,
  body_ur TEXT NOT NULL,
  body_en TEXT NOT NULL,
  options_json TEXT NOT NULL,                             -- [{"ur": "...", "en": "..."}, ...], 2-6 options
  record_at INTEGER NOT NULL,
  deadline_at INTEGER NOT NULL CHECK (deadline_at > record_at),
  opened_sent_at INTEGER,
  results_sent_at INTEGER,
  created_by INTEGER,                                     -- operator id (NULL: the back-office command)
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX vote_resolutions_symbol ON vote_resolutions (symbol, deadline_at);
CREATE INDEX vote_resolutions_deadline ON vote_resolutions (deadline_at);

-- One ballot per (resolution, account): a second vote updates it, so 100 identical requests leave one row.
-- account_type keeps real and demo tallies apart (demo ballots never count in the real result).
CREATE TABLE vote_ballots (
  id INTEGER PRIMARY KEY,
  resolution_id INTEGER NOT NULL REFERENCES vote_resolutions (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_type TEXT NOT NULL CHECK (account_type IN ('real', 'demo')),
  choice INTEGER NOT NULL CHECK (choice >= 0),
  qty INTEGER NOT NULL CHECK (qty > 0),                    -- shares held at the record date: the weight
  changes INTEGER NOT NULL DEFAULT 0 CHECK (changes >= 0),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (resolution_id, account_id)
) STRICT;
CREATE INDEX vote_ballots_account ON vote_ballots (account_id, resolution_id);
