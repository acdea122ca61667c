-- Reason: one post per turn, edited in place: the bot remembers its turn post, each player's private-view DM and the pending out-of-turn question of every match.

CREATE TABLE match_posts (
    match_id   BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind       TEXT   NOT NULL,
    subject    BIGINT NOT NULL,
    channel_id BIGINT,
    message_id BIGINT,
    detail     TEXT   NOT NULL DEFAULT '',
    counter    BIGINT NOT NULL DEFAULT 0,
    updated_at TEXT   NOT NULL,
    PRIMARY KEY (match_id, kind, subject)
);
