-- Reason: a member takes over a seat the AI holds since its player resigned, forfeited or left, with the other players' consent: the log kind 'replace', pending requests and who held each replaced seat.

-- PostgreSQL alters a CHECK in place (SQLite had to rebuild the table).
ALTER TABLE moves DROP CONSTRAINT moves_kind;
ALTER TABLE moves ADD CONSTRAINT moves_kind
    CHECK (kind IN ('move', 'chance', 'resign', 'abort', 'draw', 'undo', 'auto', 'forfeit', 'replace'));

CREATE TABLE replace_requests (
    match_id   BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seat       BIGINT NOT NULL CHECK (seat >= 0),
    user_id    BIGINT NOT NULL CHECK (user_id > 0),
    version    BIGINT NOT NULL CHECK (version >= 0),
    accepted   TEXT   NOT NULL DEFAULT '[]' CHECK (json_valid(accepted)),
    created_at TEXT   NOT NULL
);

CREATE TABLE seat_replacements (
    match_id         BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat             BIGINT NOT NULL CHECK (seat >= 0),
    ply              BIGINT NOT NULL CHECK (ply >= 1),
    user_id          BIGINT NOT NULL,
    previous_user_id BIGINT NOT NULL,
    ai_level         TEXT   NOT NULL CHECK (ai_level IN ('easy', 'normal', 'strong')),
    ai_from_ply      BIGINT NOT NULL CHECK (ai_from_ply >= 0),
    reason           TEXT   NOT NULL,
    created_at       TEXT   NOT NULL,
    PRIMARY KEY (match_id, seat, ply)
);
