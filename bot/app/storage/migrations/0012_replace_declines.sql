-- Reason: a declined replacement request bars its candidate from that seat for the rest of the match, so a repeat is refused without pinging every player again (issue 24, item 7).

-- One row per seat and candidate the players declined in a match. declined_by = the member who declined;
-- version = the match version the declined request was made at.
CREATE TABLE replace_declines (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    user_id     INTEGER NOT NULL CHECK (user_id > 0),
    declined_by INTEGER NOT NULL,
    version     INTEGER NOT NULL CHECK (version >= 0),
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat, user_id)
) WITHOUT ROWID;
