-- Reason: draws by agreement. The log gains the entry kind 'draw' (SQLite cannot alter a CHECK, so the
-- moves table is rebuilt with the same rows, key, index and trigger); pending offers live beside the log.

CREATE TABLE moves_new (
    match_id       INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply            INTEGER NOT NULL CHECK (ply >= 1),
    kind           TEXT    NOT NULL CHECK (kind IN ('move', 'chance', 'resign', 'abort', 'draw')),
    seat           INTEGER CHECK (seat IS NULL OR seat >= 0),
    notation       TEXT    NOT NULL,
    created_at     TEXT    NOT NULL,
    interaction_id INTEGER,
    PRIMARY KEY (match_id, ply)
) WITHOUT ROWID;

INSERT INTO moves_new (match_id, ply, kind, seat, notation, created_at, interaction_id)
    SELECT match_id, ply, kind, seat, notation, created_at, interaction_id FROM moves;

DROP TABLE moves;

ALTER TABLE moves_new RENAME TO moves;

CREATE UNIQUE INDEX moves_by_interaction ON moves (interaction_id) WHERE interaction_id IS NOT NULL;

CREATE TRIGGER moves_append_only BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;

-- A draw offer holds only while the match stays at the version it was made at: any move ends it.
CREATE TABLE draw_offers (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    version    INTEGER NOT NULL CHECK (version >= 0),
    -- Seats that have accepted so far, as a JSON array (the offering seat included).
    accepted   TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(accepted)),
    created_at TEXT    NOT NULL
);
