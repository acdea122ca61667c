-- Reason: one post per turn, edited in place: the bot remembers its turn post, each player's private-view DM and the pending out-of-turn question of every match.

-- kind 'turn': the public turn post (subject 0; detail = the turn's key, counter = the turn number).
-- kind 'dm': a player's private-view DM (subject = user id; detail = digest of their private view).
-- kind 'question': the out-of-turn question of the moment (subject 0; detail = the seats asked).
CREATE TABLE match_posts (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    subject    INTEGER NOT NULL,
    channel_id INTEGER,
    message_id INTEGER,
    detail     TEXT    NOT NULL DEFAULT '',
    counter    INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, kind, subject)
);
