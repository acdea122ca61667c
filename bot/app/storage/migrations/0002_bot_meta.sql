-- Reason: a small key-value table for the bot process itself (e.g. the digest of the last synced command tree).

CREATE TABLE bot_meta (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TEXT NOT NULL
) WITHOUT ROWID;
