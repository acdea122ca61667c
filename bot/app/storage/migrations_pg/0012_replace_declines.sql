-- Reason: a declined replacement request bars its candidate from that seat for the rest of the match, so a repeat is refused without pinging every player again (issue 24, item 7).

CREATE TABLE replace_declines (
    match_id    BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        BIGINT NOT NULL CHECK (seat >= 0),
    user_id     BIGINT NOT NULL CHECK (user_id > 0),
    declined_by BIGINT NOT NULL,
    version     BIGINT NOT NULL CHECK (version >= 0),
    created_at  TEXT   NOT NULL,
    PRIMARY KEY (match_id, seat, user_id)
);
