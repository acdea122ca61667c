-- Reason: a game clock per player for live play (issue 28): the time each seat has left for the whole match,
-- kept between its turns; with the running turn's start (turn_clocks.since) the time left is known to the
-- second after a restart (left = remaining_ms - (now - since)).

CREATE TABLE game_clocks (
    match_id     BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         BIGINT NOT NULL CHECK (seat >= 0),
    remaining_ms BIGINT NOT NULL CHECK (remaining_ms >= 0),
    warned       BIGINT NOT NULL DEFAULT 0 CHECK (warned IN (0, 1)),
    PRIMARY KEY (match_id, seat)
);
