-- Reason: a game clock per player for live play (issue 28): the time each seat has left for the whole match,
-- kept between its turns; with the running turn's start (turn_clocks.since) the time left is known to the
-- second after a restart (left = remaining_ms - (now - since)).

-- One row per seat of a match played with a game clock (the match option "clock"), written when it starts.
-- warned = 1 once the seat got its one low-time warning of the match.
CREATE TABLE game_clocks (
    match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    remaining_ms INTEGER NOT NULL CHECK (remaining_ms >= 0),
    warned       INTEGER NOT NULL DEFAULT 0 CHECK (warned IN (0, 1)),
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
