-- Reason: say why a stop asked (issue 36): when a member's plan, standing order or "ask me only when it matters"
-- would have played but stopped, the member is asked after all, and their own messages (the ping in their DMs,
-- their private view, their orders panel) say why in one line; kept across restarts, read only for that member.

-- One row per member and match: the decision they are asked (version = the match's plies when they were asked;
-- shown only while the match is still there) and why, as the application's short JSON text. No row: nothing
-- stopped. Never read for anyone but the member: another member's messages never depend on it.
CREATE TABLE asked_why (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    version  INTEGER NOT NULL,
    why      TEXT    NOT NULL CHECK (length(why) <= 400),
    PRIMARY KEY (match_id, user_id)
) WITHOUT ROWID;
