-- Reason: ratings per server, game and player (openskill), updated with each rated match's result, and the change each match made.

-- guild_id 0 stands for matches played outside a server. 'game' is the rated game: its id, plus the rule set
-- when the game has several (``ur:v2``), since a rule set changes what skill means.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL CHECK (sigma > 0),
    played     INTEGER NOT NULL DEFAULT 0 CHECK (played >= 0),
    wins       INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    draws      INTEGER NOT NULL DEFAULT 0 CHECK (draws >= 0),
    losses     INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) WITHOUT ROWID;

CREATE INDEX ratings_by_game ON ratings (guild_id, game, mu);

-- What one rated match did to each player's rating; a match is rated at most once (the key says so).
CREATE TABLE rating_changes (
    match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    place        INTEGER NOT NULL CHECK (place >= 1),
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    PRIMARY KEY (match_id, user_id)
) WITHOUT ROWID;
