-- Reason: Rematch asks the other players (issue 26): the proposal waits, with the seats that accepted, until
-- every member playing has accepted (the new match starts then) or one declines.

-- At most one pending rematch offer per finished match. seat = the proposing seat; version = the finished
-- match's version (it names the offer on the answer buttons).
CREATE TABLE rematch_offers (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    version    INTEGER NOT NULL CHECK (version >= 0),
    -- Seats that have accepted so far, as a JSON array (the proposing seat included).
    accepted   TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(accepted)),
    created_at TEXT    NOT NULL
);
