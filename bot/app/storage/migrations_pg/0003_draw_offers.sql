-- Reason: draws by agreement: the log gains the entry kind 'draw'; pending offers live beside the log.

-- PostgreSQL alters a CHECK in place (SQLite had to rebuild the table).
ALTER TABLE moves DROP CONSTRAINT moves_kind;
ALTER TABLE moves ADD CONSTRAINT moves_kind CHECK (kind IN ('move', 'chance', 'resign', 'abort', 'draw'));

-- A draw offer holds only while the match stays at the version it was made at: any move ends it.
CREATE TABLE draw_offers (
    match_id   BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seat       BIGINT NOT NULL CHECK (seat >= 0),
    version    BIGINT NOT NULL CHECK (version >= 0),
    accepted   TEXT   NOT NULL DEFAULT '[]' CHECK (json_valid(accepted)),
    created_at TEXT   NOT NULL
);
