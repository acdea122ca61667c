-- Reason: ratings per server, game and player (openskill), updated with each rated match's result, and the change each match made.

-- DOUBLE PRECISION: SQLite's REAL is an 8-byte float (PostgreSQL's REAL would be 4 bytes).
CREATE TABLE ratings (
    guild_id   BIGINT           NOT NULL,
    game       TEXT             NOT NULL,
    user_id    BIGINT           NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    played     BIGINT           NOT NULL DEFAULT 0 CHECK (played >= 0),
    wins       BIGINT           NOT NULL DEFAULT 0 CHECK (wins >= 0),
    draws      BIGINT           NOT NULL DEFAULT 0 CHECK (draws >= 0),
    losses     BIGINT           NOT NULL DEFAULT 0 CHECK (losses >= 0),
    updated_at TEXT             NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);

CREATE INDEX ratings_by_game ON ratings (guild_id, game, mu);

CREATE TABLE rating_changes (
    match_id     BIGINT           NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id      BIGINT           NOT NULL,
    game         TEXT             NOT NULL,
    place        BIGINT           NOT NULL CHECK (place >= 1),
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after     DOUBLE PRECISION NOT NULL,
    sigma_after  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
