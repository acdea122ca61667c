-- Reason: moves played for a member who was not asked (issue 36): by the member's own plan, a standing order or
-- "ask me only when it matters". The log entry (match, ply) holds the move itself; this row says who chose it, so
-- the turn post, /game history, the export and the replay can say "played by alice's plan".

-- stand_in: 'plan', 'order' or 'autopilot' (the application names them). No row: the seat's player (or the AI
-- playing the seat) chose it, or the match played a forced decision (recomputed from the log).
CREATE TABLE played_for (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL CHECK (ply >= 1),
    stand_in   TEXT    NOT NULL CHECK (stand_in <> ''),
    PRIMARY KEY (match_id, ply)
) WITHOUT ROWID;

-- Like the move log it annotates, never rewritten.
-- @append-only played_for played_for_kept: who played a move is never rewritten
