-- Reason: AI players: AI seats (seated from the lobby or taking over a seat whose player left) and per-server settings such as rating matches with AI seats.

CREATE TABLE ai_seats (
    match_id  BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat      BIGINT NOT NULL CHECK (seat >= 0),
    level     TEXT   NOT NULL CHECK (level IN ('easy', 'normal', 'strong')),
    from_ply  BIGINT NOT NULL CHECK (from_ply >= 0),
    reason    TEXT   NOT NULL,
    PRIMARY KEY (match_id, seat)
);

CREATE TABLE guild_settings (
    guild_id   BIGINT NOT NULL,
    key        TEXT   NOT NULL,
    value      TEXT   NOT NULL,
    updated_at TEXT   NOT NULL,
    PRIMARY KEY (guild_id, key)
);
