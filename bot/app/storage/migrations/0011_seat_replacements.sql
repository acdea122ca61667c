-- Reason: a member takes over a seat the AI holds since its player resigned, forfeited or left, with the other players' consent: the log kind 'replace', pending requests and who held each replaced seat.

-- The log gains the entry kind 'replace' (a member took over the AI's seat; seat = that seat). SQLite cannot
-- alter a CHECK, so the moves table is rebuilt with the same rows, key, index and trigger.
-- @log-kinds 'move', 'chance', 'resign', 'abort', 'draw', 'undo', 'auto', 'forfeit', 'replace'

-- One pending request per match: a member who is not seated asks to take over an AI-held seat. It holds
-- until a seated member declines, everyone has accepted, or the match ends (not when moves are played:
-- the AI keeps playing the seat meanwhile). version = the match version it was made at, which the
-- answer buttons carry to name it.
CREATE TABLE replace_requests (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    user_id    INTEGER NOT NULL CHECK (user_id > 0),
    version    INTEGER NOT NULL CHECK (version >= 0),
    -- Seats whose members have accepted so far, as a JSON array.
    accepted   TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(accepted)),
    created_at TEXT    NOT NULL
);

-- A seat that passed from the AI to a member at ply (the 'replace' log entry; the member plays from ply + 1
-- on). The AI's stint it ended (level, from_ply, reason: 'resign', 'forfeit' or 'left') and the member who
-- held the seat before the AI are kept, since seats and ai_seats now say only who plays it now.
CREATE TABLE seat_replacements (
    match_id         INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat             INTEGER NOT NULL CHECK (seat >= 0),
    ply              INTEGER NOT NULL CHECK (ply >= 1),
    user_id          INTEGER NOT NULL,
    previous_user_id INTEGER NOT NULL,
    ai_level         TEXT    NOT NULL CHECK (ai_level IN ('easy', 'normal', 'strong')),
    ai_from_ply      INTEGER NOT NULL CHECK (ai_from_ply >= 0),
    reason           TEXT    NOT NULL,
    created_at       TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat, ply)
);
