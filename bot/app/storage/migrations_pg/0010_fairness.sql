-- Reason: provably fair dice and draws: a committed server seed per match, the players' salts, and a scheme marker.

CREATE TABLE match_fairness (
    match_id    BIGINT NOT NULL PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    scheme      TEXT   NOT NULL,
    server_seed TEXT   NOT NULL,
    commitment  TEXT   NOT NULL,
    created_at  TEXT   NOT NULL
);

CREATE TABLE match_salts (
    match_id   BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL,
    salt       TEXT   NOT NULL,
    created_at TEXT   NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
