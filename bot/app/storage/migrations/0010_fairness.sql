-- Reason: provably fair dice and draws: a committed server seed per match, the players' salts, and a scheme marker.

-- One row per match created with provably fair chance; matches created before have none and keep their
-- old sampling (from matches.seed). 'scheme' names the recipe (see bot/fairness.py), 'server_seed' is the
-- secret key (hex), revealed only once the match has ended, and 'commitment' its SHA-256 (hex), shown
-- from the lobby on.
CREATE TABLE match_fairness (
    match_id    INTEGER NOT NULL PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    scheme      TEXT    NOT NULL,
    server_seed TEXT    NOT NULL,
    commitment  TEXT    NOT NULL,
    created_at  TEXT    NOT NULL
);

-- The entropy each player adds before the first chance step (typed, or drawn for them by a button).
-- Keyed by user, so a seat change in the lobby keeps it; the recipe takes them in seat order.
CREATE TABLE match_salts (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    salt       TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
