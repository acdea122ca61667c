-- Reason: Rematch asks the other players (issue 26): the proposal waits, with the seats that accepted, until
-- every member playing has accepted (the new match starts then) or one declines.

CREATE TABLE rematch_offers (
    match_id   BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seat       BIGINT NOT NULL CHECK (seat >= 0),
    version    BIGINT NOT NULL CHECK (version >= 0),
    accepted   TEXT   NOT NULL DEFAULT '[]' CHECK (json_valid(accepted)),
    created_at TEXT   NOT NULL
);
