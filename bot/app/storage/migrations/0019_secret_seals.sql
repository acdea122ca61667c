-- Reason: secrets proven kept (issue 29): a seal (SHA-256 over the secret and a fresh nonce) for every secret a
-- player chooses, shown on the turn post when it is fixed and checked with the dice at the end.

-- 'seals' names the seal recipe (bot/app/fairness.py) of a match that seals its chosen secrets; NULL for a
-- match created before, which has no seals to check.
ALTER TABLE match_fairness ADD COLUMN seals TEXT;

-- One row per sealed decision: the log entry (match, ply) holds the secret itself; 'nonce' (hex) stays secret
-- until the match has ended, 'commitment' (hex) is public from the turn post on. INT4: PostgreSQL created seat
-- as a 4-byte integer (see bot/app/storage/sql_dialects.py); SQLite reads INTEGER, so its schema text is unchanged.
CREATE TABLE secret_seals (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL,
    seat       INT4 NOT NULL,
    commitment TEXT    NOT NULL,
    nonce      TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, ply)
);

-- A seal, once made, is never rewritten (like the move log it seals).
-- @append-only secret_seals secret_seals_kept: a seal is never rewritten
