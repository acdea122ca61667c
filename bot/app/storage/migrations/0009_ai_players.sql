-- Reason: AI players: AI seats (seated from the lobby or taking over a seat whose player left) and per-server settings such as rating matches with AI seats.

-- A seat played by the AI from ply from_ply on. An AI seated from the lobby has a reserved pseudo user id
-- in seats (negative: never a Discord id, so never pinged or sent a DM) and from_ply 0; a seat taken over
-- after its player resigned, forfeited or left keeps that member's id in seats, and this row says from
-- which ply the AI plays it instead.
CREATE TABLE ai_seats (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    level     TEXT    NOT NULL CHECK (level IN ('easy', 'normal', 'strong')),
    from_ply  INTEGER NOT NULL CHECK (from_ply >= 0),
    -- Why the AI plays this seat: 'seated' (added in the lobby), 'resign', 'forfeit' or 'left'.
    reason    TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat)
);

-- Per-server settings (key/value), e.g. ai_rated = '1' when matches with AI seats count for ratings.
CREATE TABLE guild_settings (
    guild_id   INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
);
