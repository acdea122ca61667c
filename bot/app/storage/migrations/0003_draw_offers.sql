-- Reason: draws by agreement. The log gains the entry kind 'draw' (SQLite cannot alter a CHECK, so the
-- moves table is rebuilt with the same rows, key, index and trigger); pending offers live beside the log.

-- @log-kinds 'move', 'chance', 'resign', 'abort', 'draw'

-- A draw offer holds only while the match stays at the version it was made at: any move ends it.
CREATE TABLE draw_offers (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    version    INTEGER NOT NULL CHECK (version >= 0),
    -- Seats that have accepted so far, as a JSON array (the offering seat included).
    accepted   TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(accepted)),
    created_at TEXT    NOT NULL
);
